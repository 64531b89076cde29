import { loadConfig } from '@cw/platform';
import { IsInt, Max, Min } from 'class-validator';

/** Per-process saturation limits of the sync routes under `/api/wiki/sync/v2/`. */
export class SyncConfig {
  /** Sync requests running at once in this process. */
  @IsInt()
  @Min(1)
  @Max(1000)
  SYNC_MAX_IN_FLIGHT: number = 8;

  /** Sync requests waiting for a slot; beyond that 429 at once. */
  @IsInt()
  @Min(0)
  @Max(10_000)
  SYNC_MAX_QUEUED: number = 32;

  /** How long a queued request waits for a slot before it is answered 429. */
  @IsInt()
  @Min(1)
  @Max(60_000)
  SYNC_QUEUE_WAIT_MS: number = 2000;
}

export function loadSyncConfig(env: NodeJS.ProcessEnv = process.env): SyncConfig {
  return loadConfig(SyncConfig, env);
}
