import { ConfigError, loadConfig } from '@cw/platform';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min } from 'class-validator';
import { sandboxMemoryNeeded } from './code-sandbox/code-sandbox';

const MB = 1024 * 1024;

/** Settings of the workflows context (contracts.md, "Settings that tests use"). */
export class WorkflowsConfig {
  /** Starts per workflow per UTC hour, counted in PostgreSQL in the start's own transaction. */
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  RUNS_HOURLY_START_LIMIT: number = 60;

  /**
   * How long the third worker in a row that lost a run without finishing a step is waited for
   * before the run ends `stale` (docs/workflows.md, "When a run ends stale"). A run that waited in
   * the queue or slept is never ended for it.
   */
  @IsInt()
  @Min(10)
  @Max(86_400)
  RUNS_STALE_AFTER_SECONDS: number = 300;

  /** Whether this process executes runs (consumes the `runs` queue). */
  @IsIn(['on', 'off'])
  RUNS_WORKER: 'on' | 'off' = 'on';

  /**
   * How many runs one process executes at once. A run waiting on a model, an HTTP call or the
   * sandbox holds no database connection: its statements pass the engine's own share of the pool
   * (`EngineDbGate`), and `code.run`/`assert` wait for the sandbox's slots.
   */
  @IsInt()
  @Min(1)
  @Max(2_000)
  RUNS_CONCURRENCY: number = 200;

  /** Of those, how many one company's runs may take; companies with runs waiting take turns. */
  @IsInt()
  @Min(1)
  @Max(2_000)
  RUNS_PER_COMPANY_CONCURRENCY: number = 50;

  /** An OpenAI-compatible chat-completions base URL (`…/v1`) for authoring and model.generate. */
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  MODEL_PROVIDER_URL?: string;

  @IsOptional()
  @IsString()
  MODEL_PROVIDER_API_KEY?: string;

  @IsOptional()
  @IsString()
  MODEL_NAME?: string;

  @IsInt()
  @Min(1_000)
  @Max(600_000)
  MODEL_TIMEOUT_MS: number = 60_000;

  /** Compositions (authoring without `intent.steps`) one person may have under way at once. */
  @IsInt()
  @Min(1)
  @Max(1_000)
  AUTHORING_COMPOSING_PER_PERSON: number = 3;

  @IsInt()
  @Min(50)
  @Max(60_000)
  CODE_CELL_TIMEOUT_MS: number = 5_000;

  @IsInt()
  @Min(8)
  @Max(1_024)
  CODE_CELL_MEMORY_MB: number = 64;

  @IsInt()
  @Min(30)
  @Max(86_400)
  CODE_SESSION_IDLE_SECONDS: number = 900;

  /** Live code sessions one person may hold; one more create answers 429. */
  @IsInt()
  @Min(1)
  @Max(1_000)
  CODE_SESSIONS_PER_PERSON: number = 5;

  /**
   * Code cells that run at once in this process (one thread each): one per person, half of them
   * per company at most. The threads run at a lower CPU priority than the process.
   */
  @IsInt()
  @Min(1)
  @Max(64)
  CODE_SANDBOX_CONCURRENCY: number = 4;

  /** What all sandbox threads of the process may hold; idle sessions past it are ended (LRU). */
  @IsInt()
  @Min(32)
  @Max(65_536)
  CODE_SANDBOX_MEMORY_MB: number = 400;

  /** `http.request` steps follow the hooks' address rules, this test switch included. */
  @IsIn(['true', 'false', '1', '0'])
  HOOKS_ALLOW_LOOPBACK_FOR_TESTS: string = 'false';

  get allowLoopback(): boolean {
    return (
      this.HOOKS_ALLOW_LOOPBACK_FOR_TESTS === 'true' || this.HOOKS_ALLOW_LOOPBACK_FOR_TESTS === '1'
    );
  }
}

/** Test-only switches are refused outright in production. */
export function loadWorkflowsConfig(env: NodeJS.ProcessEnv = process.env): WorkflowsConfig {
  const config = loadConfig(WorkflowsConfig, env);
  if (config.allowLoopback && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid setting HOOKS_ALLOW_LOOPBACK_FOR_TESTS: test-only, refused when NODE_ENV=production.',
    );
  }
  const sandboxNeedsMb = Math.ceil(
    sandboxMemoryNeeded(config.CODE_SANDBOX_CONCURRENCY, config.CODE_CELL_MEMORY_MB * MB) / MB,
  );
  if (config.CODE_SANDBOX_MEMORY_MB < sandboxNeedsMb) {
    throw new ConfigError(
      `Invalid setting CODE_SANDBOX_MEMORY_MB: at least ${sandboxNeedsMb}, what CODE_SANDBOX_CONCURRENCY cells at CODE_CELL_MEMORY_MB and the threads starting may reach.`,
    );
  }
  return config;
}
