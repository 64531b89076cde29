import { loadConfig } from '@cw/platform';
import { IsInt, Max, Min } from 'class-validator';

/** How many drafts the wiki keeps (`newer_version_available` submissions). */
export class DraftsConfig {
  /**
   * Drafts kept per page and person: a new draft prunes that person's older ones on the page in
   * the same transaction, so a client retrying against an old version cannot grow storage.
   */
  @IsInt()
  @Min(1)
  @Max(10_000)
  WIKI_DRAFTS_PER_PAGE_AND_PERSON: number = 20;
}

export function loadDraftsConfig(env: NodeJS.ProcessEnv = process.env): DraftsConfig {
  return loadConfig(DraftsConfig, env);
}
