import { Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@cw/platform';
import type { EntityManager } from 'typeorm';
import { workflowsError } from '../errors/workflows-errors';
import { WorkflowsConfig } from '../workflows.config';
import type { RunTrigger } from './entities/run.entity';

const HOUR_MS = 3_600_000;

/**
 * Counts one start of a workflow, as SQL: a data-modifying statement that returns a row when the
 * start fits in its hour and none when it would pass the limit, counting it only if `condition`
 * (SQL, when given) holds. Parameters are pushed onto `params`.
 */
export type StartCounter = (workflowId: string, params: unknown[], condition?: string) => string;

/**
 * The per-workflow hourly start limit (`RUNS_HOURLY_START_LIMIT`), counted in PostgreSQL by the
 * start itself, in its own statement or transaction: a start needs no Redis, every replica shares
 * the count, and a start that does not commit is not counted. The counter row
 * (`workflows.run_start_counts`) is taken with `INSERT … ON CONFLICT DO UPDATE`, which locks it:
 * concurrent starts of one workflow queue on it until each commits, so exactly the limit get
 * through. The window is the hour (UTC) of the database's clock.
 */
@Injectable()
export class RunStartLimiter {
  constructor(private readonly config: WorkflowsConfig) {}

  /** Starts on demand count against the hourly limit; scheduled starts do not. */
  counts(trigger: RunTrigger): boolean {
    return trigger !== 'schedule';
  }

  readonly countStartSql: StartCounter = (workflowId, params, condition) => {
    params.push(workflowId, this.config.RUNS_HOURLY_START_LIMIT);
    const workflow = `$${params.length - 1}::uuid`;
    const limit = `$${params.length}::int`;
    // A start whose transaction began in the hour before, committing after the first start of
    // the new hour, counts in the new hour (GREATEST) instead of resetting it.
    return `INSERT INTO workflows.run_start_counts AS c (workflow_id, window_start, starts)
            SELECT ${workflow}, date_trunc('hour', now() AT TIME ZONE 'UTC'), 1
             ${condition ? `WHERE ${condition}` : ''}
            ON CONFLICT (workflow_id) DO UPDATE
               SET window_start = GREATEST(c.window_start, EXCLUDED.window_start),
                   starts = CASE WHEN EXCLUDED.window_start > c.window_start THEN 1
                                 ELSE c.starts + 1 END
             WHERE EXCLUDED.window_start > c.window_start OR c.starts < ${limit}
            RETURNING c.workflow_id`;
  };

  /** Counts one start in the caller's transaction; false (nothing counted) over the limit. */
  async take(manager: EntityManager, workflowId: string): Promise<boolean> {
    const params: unknown[] = [];
    const rows: unknown[] = await manager.query(this.countStartSql(workflowId, params), params);
    return rows.length > 0;
  }

  /** The refusal of a start over the limit; the webhook trigger's refusals are 409 by the spec. */
  refusal(trigger: RunTrigger, now = Date.now()): AppError {
    const retryAfterSeconds = Math.max(1, Math.ceil((HOUR_MS - (now % HOUR_MS)) / 1000));
    const message =
      'This workflow reached its hourly start limit; retry after the Retry-After delay.';
    const options = {
      details: { retry_after_seconds: retryAfterSeconds },
      headers: { 'Retry-After': String(retryAfterSeconds) },
    };
    return trigger === 'webhook'
      ? workflowsError('RUN_START_LIMIT_REACHED', message, options)
      : new AppError(ErrorCode.RateLimited, message, options);
  }
}
