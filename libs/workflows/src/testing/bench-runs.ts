import type { SqlClient } from '@cw/identity/testing';
import { OutboxRepository } from '@cw/queue/testing';
import type { EntityManager } from 'typeorm';
import type { WorkflowDefinition } from '../definitions/workflow-definition';
import type { RunTrigger } from '../runs/entities/run.entity';
import { RUN_REQUESTED_PAYLOAD } from '../runs/run-start.service';
import { RunRepository } from '../runs/run.repository';
import type { RunStatus } from '../runs/run-status';

/** What a bare start inserts: the run row RunStartService inserts for a receipt-less start. */
export interface BareRunStart {
  companyId: string;
  workflowId: string;
  startedBy: string;
  trigger: RunTrigger;
  inputs: Record<string, unknown>;
  definition: WorkflowDefinition;
}

/**
 * The statement RunStartService issues for a start without a `run_request_id`, on a plain `pg`
 * client: the run row and its `run.requested` outbox event in one statement, composed from the
 * two repositories' own SQL, through a manager that only forwards `query`. Answers the run id.
 */
export async function bareRunStart(db: SqlClient, run: BareRunStart): Promise<string> {
  const manager = {
    query: async (sql: string, params?: unknown[]): Promise<unknown[]> =>
      (await db.query(sql, params)).rows as unknown[],
  } as unknown as EntityManager;
  const [{ id }] = await new OutboxRepository().insertForRows<{ id: string }>(
    manager,
    'run.requested',
    new RunRepository(undefined as never).insertRunningStatement({ ...run, title: null }),
    RUN_REQUESTED_PAYLOAD,
  );
  return id;
}

export interface RunTiming {
  id: string;
  status: RunStatus;
  createdAt: Date;
  completedAt: Date | null;
}

/** Status and times of these runs (created_at and completed_at as the database wrote them). */
export async function runTimings(db: SqlClient, runIds: readonly string[]): Promise<RunTiming[]> {
  const { rows } = await db.query<RunTiming>(
    `SELECT id, status, created_at AS "createdAt", completed_at AS "completedAt"
       FROM workflows.runs WHERE id = ANY($1::uuid[])`,
    [runIds],
  );
  return rows;
}

/** How many runs of these workflows there are in each status. */
export async function runStatusCounts(
  db: SqlClient,
  workflowIds: readonly string[],
): Promise<Partial<Record<RunStatus, number>>> {
  const { rows } = await db.query<{ status: RunStatus; runs: number }>(
    `SELECT status, count(*)::int AS runs FROM workflows.runs
      WHERE workflow_id = ANY($1::uuid[]) GROUP BY status`,
    [workflowIds],
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.runs]));
}

/** How many runs of these workflows have not finished (no completed_at yet). */
export async function unfinishedRuns(
  db: SqlClient,
  workflowIds: readonly string[],
): Promise<number> {
  const { rows } = await db.query<{ runs: number }>(
    `SELECT count(*)::int AS runs FROM workflows.runs
      WHERE workflow_id = ANY($1::uuid[]) AND completed_at IS NULL`,
    [workflowIds],
  );
  return rows[0].runs;
}
