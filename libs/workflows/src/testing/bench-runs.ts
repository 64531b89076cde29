import { all, clientRunner, first, type PgClient } from '@cw/db';
import { OutboxRepository } from '@cw/queue/testing';
import { sql } from 'kysely';
import { RUN_REQUESTED_PAYLOAD } from '../runs/run-start.service';
import { type NewRunOfStartableWorkflow, runStartStatements } from '../runs/run-start.repository';
import type { RunStatus } from '../runs/run-status';
import { workflowsDb } from '../workflows-schema';

/** What a bare start inserts: the run RunStartService inserts for a receipt-less webhook start. */
export type BareRunStart = Omit<NewRunOfStartableWorkflow, 'title'>;

export { liveWebhookLinkSql } from '../triggers/webhook-link.repository';
export { hashWebhookToken } from '../triggers/webhook-token';

export const benchRunStatements = {
  runTimings: (runIds: readonly string[]) =>
    workflowsDb
      .selectFrom('workflows.runs')
      .select(['id', 'status', 'created_at as createdAt', 'completed_at as completedAt'])
      .where(sql<boolean>`id = ANY(${runIds}::uuid[])`),

  runStatusCounts: (workflowIds: readonly string[]) =>
    workflowsDb
      .selectFrom('workflows.runs')
      .select(['status', sql<number>`count(*)::int`.as('runs')])
      .where(sql<boolean>`workflow_id = ANY(${workflowIds}::uuid[])`)
      .groupBy('status'),

  unfinishedRuns: (workflowIds: readonly string[]) =>
    workflowsDb
      .selectFrom('workflows.runs')
      .select(sql<number>`count(*)::int`.as('runs'))
      .where(sql<boolean>`workflow_id = ANY(${workflowIds}::uuid[])`)
      .where('completed_at', 'is', null),
};

/**
 * The statement RunStartService issues for a start without a `run_request_id` of a workflow whose
 * inputs it knows (the webhook trigger's): the run, copied from the workflow while it is active
 * and visible to the starter (and meets `requires`: the webhook trigger's `liveWebhookLinkSql`),
 * and its `run.requested` outbox event in one statement, composed from the two repositories' own
 * statements. Answers the run id.
 */
export async function bareRunStart(db: PgClient, run: BareRunStart): Promise<string> {
  const [started] = await new OutboxRepository().insertForRows(
    clientRunner(db),
    'run.requested',
    runStartStatements.insertRunningIfStartable({ ...run, title: null }),
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
export function runTimings(db: PgClient, runIds: readonly string[]): Promise<RunTiming[]> {
  return all(clientRunner(db), benchRunStatements.runTimings(runIds));
}

/** How many runs of these workflows there are in each status. */
export async function runStatusCounts(
  db: PgClient,
  workflowIds: readonly string[],
): Promise<Partial<Record<RunStatus, number>>> {
  const rows = await all(clientRunner(db), benchRunStatements.runStatusCounts(workflowIds));
  return Object.fromEntries(rows.map((row) => [row.status, row.runs]));
}

/** How many runs of these workflows have not finished (no completed_at yet). */
export async function unfinishedRuns(
  db: PgClient,
  workflowIds: readonly string[],
): Promise<number> {
  return (await first(clientRunner(db), benchRunStatements.unfinishedRuns(workflowIds)))?.runs ?? 0;
}
