import { loadConfig } from '@cw/platform';
import { IsInt, Max, Min } from 'class-validator';

/** Settings of the public share-link routes under `/public/`. */
export class PublicLinksConfig {
  /** Requests per minute per client IP across every replica (the spec's limit is 3,000). */
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  PUBLIC_LINKS_PER_MINUTE: number = 3000;
}

export function loadPublicLinksConfig(env: NodeJS.ProcessEnv = process.env): PublicLinksConfig {
  return loadConfig(PublicLinksConfig, env);
}
