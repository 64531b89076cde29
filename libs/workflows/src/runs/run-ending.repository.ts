import { Injectable } from '@nestjs/common';
import { run, type StatementRunner } from '@cw/db';
import type { RowsWrite } from '@cw/queue';
import { sql } from 'kysely';
import { workflowsDb } from '../workflows-schema';
import { type StepError, TERMINAL_RUN_STATUSES, type TerminalRunStatus } from './run-status';

/** What `finish` returns of the run it ended: what its `report.finished` event is made of. */
export interface EndedRun {
  id: string;
  company_id: string;
  workflow_id: string;
  started_by: string;
  status: TerminalRunStatus;
}

const json = (value: StepError | null) => (value === null ? null : JSON.stringify(value));

export const runEndingStatements = {
  requestCancel: (id: string) =>
    workflowsDb
      .updateTable('workflows.runs')
      .set({ cancel_requested: sql.lit(true), updated_at: sql`now()` })
      .where('id', '=', id),

  /**
   * Ends a run not yet terminal, or with `held` only while the worker of that lease generation
   * still holds it. With `held.cancelled`, a cancel asked for meanwhile wins: the run ends
   * `cancelled` with that error.
   */
  finish: (
    id: string,
    status: TerminalRunStatus,
    error: StepError | null,
    held?: { generation: number; cancelled?: StepError },
  ) =>
    workflowsDb
      .updateTable('workflows.runs')
      .set(
        held?.cancelled
          ? {
              status: sql`CASE WHEN cancel_requested THEN 'cancelled' ELSE ${status} END`,
              error: sql`CASE WHEN cancel_requested THEN ${json(held.cancelled)}::jsonb ELSE ${json(error)}::jsonb END`,
            }
          : { status, error: sql`${json(error)}::jsonb` },
      )
      .set({ completed_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', id)
      .where(
        held
          ? sql<boolean>`lease_generation = ${held.generation} AND status = 'running'`
          : sql<boolean>`status <> ALL(${TERMINAL_RUN_STATUSES}::text[])`,
      )
      .returning(['id', 'company_id', 'workflow_id', 'started_by', 'status'])
      .$castTo<EndedRun>(),

  remove: (id: string) => workflowsDb.deleteFrom('workflows.runs').where('id', '=', id),
};

/** `workflows.runs` as a run ends: finished with its report, cancelled, or removed for good. */
@Injectable()
export class RunEndingRepository {
  /** Asks the worker running a step of this run to stop after it. */
  requestCancel(runner: StatementRunner, id: string): Promise<void> {
    return run(runner, runEndingStatements.requestCancel(id));
  }

  /**
   * `runEndingStatements.finish`, to compose with the `report.finished` event: returns the run's
   * `id`, `company_id`, `workflow_id`, `started_by` and `status`, or no row when it had already
   * ended (or the lease was lost).
   */
  finishStatement(
    id: string,
    status: TerminalRunStatus,
    error: StepError | null,
    held?: { generation: number; cancelled?: StepError },
  ): RowsWrite<EndedRun> {
    return { write: runEndingStatements.finish(id, status, error, held) };
  }

  /** Removes the run for good with its steps and work packets; its receipt keeps a null run. */
  remove(runner: StatementRunner, id: string): Promise<void> {
    return run(runner, runEndingStatements.remove(id));
  }
}
