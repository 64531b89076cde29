import { ConfigError, loadConfig } from '@cw/platform';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Max, Min } from 'class-validator';

const SWITCH = ['true', 'false', '1', '0'] as const;

export const DEFAULT_HOOKS_CONCURRENCY = 256;

/** Settings of report hooks (contracts.md, "Settings that tests use"; README settings table). */
export class HooksConfig {
  /**
   * Base64 of the 32-byte key that encrypts signing secrets at rest (AES-256-GCM). Required in
   * production; elsewhere, when unset, a key is generated once into `HOOKS_SECRET_KEY_FILE`.
   */
  @IsOptional()
  @IsString()
  HOOKS_SECRET_KEY?: string;

  /** Earlier keys (comma-separated base64), still accepted to decrypt secrets after a rotation. */
  @IsOptional()
  @IsString()
  HOOKS_SECRET_KEY_PREVIOUS?: string;

  /** Where a non-production process keeps its generated key when HOOKS_SECRET_KEY is unset. */
  @IsString()
  HOOKS_SECRET_KEY_FILE: string = '.data/hooks-secret-key';

  /** The first retry waits this long; each later wait doubles. */
  @IsNumber()
  @Min(0.001)
  @Max(86_400)
  HOOKS_RETRY_BASE_SECONDS: number = 30;

  /** The cap of one retry wait. */
  @IsNumber()
  @Min(0.001)
  @Max(86_400)
  HOOKS_RETRY_MAX_SECONDS: number = 3_600;

  /** The receiver must answer (any 2xx) within this. */
  @IsInt()
  @Min(100)
  @Max(120_000)
  HOOKS_TIMEOUT_MS: number = 10_000;

  /** Tests only: also allow `http:` and loopback receivers. Refused when NODE_ENV=production. */
  @IsIn(SWITCH)
  HOOKS_ALLOW_LOOPBACK_FOR_TESTS: (typeof SWITCH)[number] = 'false';

  /** Whether this process consumes the report events and delivery attempts. */
  @IsIn(['on', 'off'])
  HOOKS_WORKER: 'on' | 'off' = 'on';

  /**
   * Delivery attempts one process sends at once, and the connections it keeps to one receiver.
   * An attempt mostly waits (on the receiver, a batch of reads, Redis), and the attempts in flight
   * share their reads and records: 128 delivered half again as many per second as 32, at less CPU
   * per delivery, and 256 over four BullMQ workers about an eighth more again (docs/benchmarks.md,
   * "Many attempts in flight share their batches", and `delivery-lanes.ts`).
   */
  @IsInt()
  @Min(1)
  @Max(512)
  HOOKS_CONCURRENCY: number = DEFAULT_HOOKS_CONCURRENCY;

  /**
   * How often the reconciler looks for pending deliveries due this long ago whose job is gone
   * (Redis flushed, a worker killed between its steps), and re-enqueues them.
   */
  @IsNumber()
  @Min(0.1)
  @Max(3_600)
  HOOKS_RECONCILE_SECONDS: number = 15;

  /**
   * The sweep of lost `report.finished` events looks back this far when a worker starts, then
   * follows completions as they happen.
   */
  @IsNumber()
  @Min(1)
  @Max(7 * 86_400)
  HOOKS_EVENT_SWEEP_WINDOW_SECONDS: number = 3_600;

  /**
   * A run completed less than this long ago is left to its event: the sweep looks only further
   * back, past any transaction still committing a completion stamped earlier.
   */
  @IsNumber()
  @Min(0.1)
  @Max(3_600)
  HOOKS_EVENT_SWEEP_GRACE_SECONDS: number = 60;

  /**
   * Live subscriptions one person holds in a company. Each finished report is matched against
   * every live subscription of its company, so a person's subscriptions multiply every run.
   */
  @IsInt()
  @Min(1)
  @Max(10_000)
  HOOKS_SUBSCRIPTIONS_PER_PERSON: number = 50;

  /** Live callbacks one person holds on one report (each is a delivery of that report). */
  @IsInt()
  @Min(1)
  @Max(1_000)
  HOOKS_CALLBACKS_PER_REPORT: number = 10;

  get allowLoopback(): boolean {
    return (
      this.HOOKS_ALLOW_LOOPBACK_FOR_TESTS === 'true' || this.HOOKS_ALLOW_LOOPBACK_FOR_TESTS === '1'
    );
  }
}

/** Test-only switches are refused in production, and production needs its own secret key. */
export function loadHooksConfig(env: NodeJS.ProcessEnv = process.env): HooksConfig {
  const config = loadConfig(HooksConfig, env);
  const production = env.NODE_ENV === 'production';
  if (config.allowLoopback && production) {
    throw new ConfigError(
      'Invalid setting HOOKS_ALLOW_LOOPBACK_FOR_TESTS: test-only, refused when NODE_ENV=production.',
    );
  }
  if (!config.HOOKS_SECRET_KEY && production) {
    throw new ConfigError(
      'Invalid setting HOOKS_SECRET_KEY: required when NODE_ENV=production (base64 of 32 random bytes, e.g. `openssl rand -base64 32`).',
    );
  }
  return config;
}
