import { loadConfig } from '@cw/platform';
import { IsInt, Max, Min } from 'class-validator';

/** What one page may hold in files: their bytes live in the database until the page goes. */
export class FilesConfig {
  /** Files one page holds (each a row; there is no route that deletes one). */
  @IsInt()
  @Min(1)
  @Max(100_000)
  WIKI_FILES_PER_PAGE: number = 100;

  /** Megabytes (MiB) of files one page holds together; one file is at most 10 MB anyway. */
  @IsInt()
  @Min(10)
  @Max(100_000)
  WIKI_FILES_MB_PER_PAGE: number = 100;
}

export function loadFilesConfig(env: NodeJS.ProcessEnv = process.env): FilesConfig {
  return loadConfig(FilesConfig, env);
}
