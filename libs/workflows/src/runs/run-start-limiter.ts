import { Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@cw/platform';
import type { StatementRunner } from '@cw/db';
import type { Expression, RawBuilder, SqlBool } from 'kysely';
import { workflowsError } from '../errors/workflows-errors';
import { WorkflowsConfig } from '../workflows.config';
import { RunStartCountRepository } from './run-start-count.repository';
import type { StartPath } from './run-start-paths';

const HOUR_MS = 3_600_000;

/**
 * Counts one start of a workflow, as a statement: a data-modifying one that returns a row when
 * the start fits in its hour and none when it would pass the limit, counting it only if
 * `condition` (when given) holds.
 */
export type StartCounter = (
  workflowId: string,
  condition?: Expression<SqlBool>,
) => RawBuilder<{ counted: number }>;

/**
 * The per-workflow hourly start limit (`RUNS_HOURLY_START_LIMIT`), counted in PostgreSQL by the
 * start itself, in its own statement or transaction: a start needs no Redis, every replica shares
 * the count, and a start that does not commit is not counted. A start holds one of the workflow's
 * 8 counter shards until it commits (`countStartSql`); the shards' caps add up to the limit, so
 * exactly the limit get through. The window is the hour (UTC) of the database's clock.
 */
@Injectable()
export class RunStartLimiter {
  constructor(
    private readonly config: WorkflowsConfig,
    private readonly startCounts: RunStartCountRepository,
  ) {}

  readonly countStartSql: StartCounter = (workflowId, condition) =>
    this.startCounts.countStartSql(workflowId, this.config.RUNS_HOURLY_START_LIMIT, condition);

  /** Counts one start in the caller's transaction; false (nothing counted) over the limit. */
  take(manager: StatementRunner, workflowId: string): Promise<boolean> {
    return this.startCounts.take(manager, workflowId, this.config.RUNS_HOURLY_START_LIMIT);
  }

  /** The refusal of a start over the limit, with the code of its start path (`START_PATHS`). */
  refusal(path: StartPath, now = Date.now()): AppError {
    const retryAfterSeconds = Math.max(1, Math.ceil((HOUR_MS - (now % HOUR_MS)) / 1000));
    const message =
      'This workflow reached its hourly start limit; retry after the Retry-After delay.';
    const options = {
      details: { retry_after_seconds: retryAfterSeconds },
      headers: { 'Retry-After': String(retryAfterSeconds) },
    };
    return path.overHourlyLimit === 'RUN_START_LIMIT_REACHED'
      ? workflowsError('RUN_START_LIMIT_REACHED', message, options)
      : new AppError(ErrorCode.RateLimited, message, options);
  }
}
