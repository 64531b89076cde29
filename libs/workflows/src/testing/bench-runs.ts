import type { SqlClient } from '@cw/identity/testing';
import { OutboxRepository } from '@cw/queue/testing';
import type { EntityManager } from 'typeorm';
import { RUN_REQUESTED_PAYLOAD } from '../runs/run-start.service';
import { type NewRunOfStartableWorkflow, RunStartRepository } from '../runs/run-start.repository';
import type { RunStatus } from '../runs/run-status';

/** What a bare start inserts: the run RunStartService inserts for a receipt-less webhook start. */
export type BareRunStart = Omit<NewRunOfStartableWorkflow, 'title'>;

export { liveWebhookLinkSql } from '../triggers/webhook-link.repository';
export { hashWebhookToken } from '../triggers/webhook-token';

/**
 * The statement RunStartService issues for a start without a `run_request_id` of a workflow whose
 * inputs it knows (the webhook trigger's), on a plain `pg` client: the run, copied from the
 * workflow while it is active and visible to the starter (and meets `requires`: the webhook
 * trigger's `liveWebhookLinkSql`), and its `run.requested` outbox event
 * in one statement, composed from the two repositories' own SQL, through a manager that only
 * forwards `query`. Answers the run id.
 */
export async function bareRunStart(db: SqlClient, run: BareRunStart): Promise<string> {
  const manager = {
    query: async (sql: string, params?: unknown[]): Promise<unknown[]> =>
      (await db.query(sql, params)).rows as unknown[],
  } as unknown as EntityManager;
  const [started] = await new OutboxRepository().insertForRows<{ id: string }>(
    manager,
    'run.requested',
    new RunStartRepository().insertRunningIfStartableStatement({
      ...run,
      title: null,
    }),
    RUN_REQUESTED_PAYLOAD,
  );
  if (!started) throw new Error(`workflow ${run.workflowId} is not startable by its starter`);
  return started.id;
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
