import { loadConfig } from '@cw/platform';
import { IsInt, Max, Min } from 'class-validator';

/** What one person may post in comments. */
export class CommentsConfig {
  /**
   * Comments one person posts on one page (each up to 20,000 characters, and no route deletes
   * one): per person, so that no one can use up a page's comments for everybody else.
   */
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  WIKI_COMMENTS_PER_PAGE_AND_PERSON: number = 500;
}

export function loadCommentsConfig(env: NodeJS.ProcessEnv = process.env): CommentsConfig {
  return loadConfig(CommentsConfig, env);
}
