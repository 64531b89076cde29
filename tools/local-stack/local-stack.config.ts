import { IsPostgresUrl, IsRedisUrl } from '@cw/platform';
import { IsOptional, IsString } from 'class-validator';

export class LocalStackConfig {
  /** Where the local stack keeps its data; default `<repo root>/.data` (`--data-dir` wins). */
  @IsOptional()
  @IsString()
  LOCAL_STACK_DATA_DIR?: string;
}

/** A PostgreSQL and a Redis to use instead of the local stack. */
export class StackUrlsConfig {
  @IsOptional()
  @IsPostgresUrl()
  DATABASE_URL?: string;

  @IsOptional()
  @IsRedisUrl()
  REDIS_URL?: string;
}
