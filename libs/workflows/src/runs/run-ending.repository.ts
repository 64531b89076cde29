import { Injectable } from '@nestjs/common';
import type { SqlStatement } from '@cw/queue';
import type { EntityManager } from 'typeorm';
import { type StepError, TERMINAL_RUN_STATUSES, type TerminalRunStatus } from './run-status';

/** `workflows.runs` as a run ends: finished with its report, cancelled, or removed for good. */
@Injectable()
export class RunEndingRepository {
  /** Asks the worker running a step of this run to stop after it. */
  async requestCancel(manager: EntityManager, id: string): Promise<void> {
    await manager.query(
      `UPDATE workflows.runs SET cancel_requested = true, updated_at = now() WHERE id = $1`,
      [id],
    );
  }

  /**
   * Ends a run not yet terminal, or with `held` only while the worker of that lease generation
   * still holds it; to compose with the `report.finished` event. With `held.cancelled`, a cancel
   * asked for meanwhile wins: the run ends `cancelled` with that error. Returns the run's `id`,
   * `company_id`, `workflow_id`, `started_by` and `status`, or no row when it had already ended
   * (or the lease was lost).
   */
  finishStatement(
    id: string,
    status: TerminalRunStatus,
    error: StepError | null,
    held?: { generation: number; cancelled?: StepError },
  ): SqlStatement {
    const params: unknown[] = [
      id,
      status,
      error === null ? null : JSON.stringify(error),
      held ? held.generation : TERMINAL_RUN_STATUSES,
    ];
    const fence = held
      ? `lease_generation = $4 AND status = 'running'`
      : `status <> ALL($4::text[])`;
    let ending = `status = $2, error = $3::jsonb`;
    if (held?.cancelled) {
      params.push(JSON.stringify(held.cancelled));
      ending = `status = CASE WHEN cancel_requested THEN 'cancelled' ELSE $2 END,
                error = CASE WHEN cancel_requested THEN $5::jsonb ELSE $3::jsonb END`;
    }
    return {
      sql: `UPDATE workflows.runs
               SET ${ending}, completed_at = now(), updated_at = now()
             WHERE id = $1 AND ${fence}
             RETURNING id, company_id, workflow_id, started_by, status`,
      params,
    };
  }

  /** Removes the run for good with its steps and work packets; its receipt keeps a null run. */
  async remove(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`DELETE FROM workflows.runs WHERE id = $1`, [id]);
  }
}
