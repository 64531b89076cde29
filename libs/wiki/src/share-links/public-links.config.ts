import { loadConfig } from '@cw/platform';
import { IsInt, Max, Min } from 'class-validator';

/** Settings of share links and of the public routes under `/public/`. */
export class PublicLinksConfig {
  /** Requests per minute per client IP across every replica (the spec's limit is 3,000). */
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  PUBLIC_LINKS_PER_MINUTE: number = 3000;

  /**
   * Live (unrevoked) share links one page holds, whoever made them: each is a row and a public
   * address kept until revoked, and the page's list of links is not paged.
   */
  @IsInt()
  @Min(1)
  @Max(1_000)
  WIKI_SHARE_LINKS_PER_PAGE: number = 20;
}

export function loadPublicLinksConfig(env: NodeJS.ProcessEnv = process.env): PublicLinksConfig {
  return loadConfig(PublicLinksConfig, env);
}
