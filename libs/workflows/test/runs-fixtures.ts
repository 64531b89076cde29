import { randomBytes } from 'node:crypto';
import type { TestApp } from '@cw/testing';
import { camelColumns, first } from '@cw/db';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import { CompanyCounterRepository } from '../src/definitions/company-counter.repository';
import { type NewWorkflow, WorkflowRepository } from '../src/definitions/workflow.repository';
import { RunReportWriter } from '../src/reports/run-report.writer';
import {
  type Run,
  RUN_COLUMNS,
  type Workflow,
  workflowsDb,
  type WorkflowStatus,
} from '../src/workflows-schema';
import type { StepError, TerminalRunStatus } from '../src/runs/run-status';

export interface WorkflowOwner {
  companyId: string;
  personId: string;
}

/** A saved workflow of `owner` (active, company-wide, one `text.compose` step unless told). */
export async function createTestWorkflow(
  server: TestApp,
  owner: WorkflowOwner,
  overrides: Partial<NewWorkflow> = {},
): Promise<Workflow> {
  const counters = server.app.get(CompanyCounterRepository);
  const workflows = server.app.get(WorkflowRepository);
  return server.app.get(DataSource).transaction(async (manager) =>
    workflows.insert(manager, {
      companyId: owner.companyId,
      ownerId: owner.personId,
      number: await counters.nextWorkflowNumber(manager, owner.companyId),
      name: `Digest ${randomBytes(3).toString('hex')}`,
      status: 'active',
      visibility: 'company',
      teamId: null,
      inputs: [
        { name: 'topic', type: 'text', required: true },
        { name: 'count', type: 'number', required: false },
        { name: 'draft', type: 'boolean', required: false },
      ],
      definition: {
        steps: [{ id: 'compose', block: 'text.compose', template: 'About {{inputs.topic}}' }],
        deliverables: [{ name: 'digest', required: true, from_step: 'compose' }],
        budget: {},
      },
      outputPage: null,
      schedule: null,
      ...overrides,
    }),
  );
}

export async function setWorkflowStatus(
  server: TestApp,
  workflowId: string,
  status: WorkflowStatus,
): Promise<void> {
  const workflows = server.app.get(WorkflowRepository);
  await workflows.update(server.app.get(DataSource).manager, workflowId, { status });
}

/** Ends a run as its executor would, with its report event. */
export async function finishTestRun(
  server: TestApp,
  runId: string,
  status: TerminalRunStatus,
  error: StepError | null = null,
): Promise<void> {
  const dataSource = server.app.get(DataSource);
  const run = await findTestRun(dataSource, runId);
  await dataSource.transaction((manager) =>
    server.app.get(RunReportWriter).finish(manager, run, status, error),
  );
}

/** How many runs and receipts a workflow has. */
export async function countWritten(
  server: TestApp,
  workflowId: string,
): Promise<{ runs: number; receipts: number }> {
  const dataSource = server.app.get(DataSource);
  const count = sql<number>`count(*)::int`.as('count');
  const runs = await first(
    dataSource,
    workflowsDb.selectFrom('workflows.runs').select(count).where('workflow_id', '=', workflowId),
  );
  const receipts = await first(
    dataSource,
    workflowsDb
      .selectFrom('workflows.run_requests')
      .select(count)
      .where('workflow_id', '=', workflowId),
  );
  return { runs: runs?.count ?? 0, receipts: receipts?.count ?? 0 };
}

/** The run's row as the engine reads it; fails when it is not there. */
export async function findTestRun(dataSource: DataSource, runId: string): Promise<Run> {
  const run = await first(
    dataSource,
    workflowsDb
      .selectFrom('workflows.runs')
      .select(camelColumns(RUN_COLUMNS))
      .where('id', '=', runId)
      .$castTo<Run>(),
  );
  if (!run) throw new Error(`run ${runId} is not there`);
  return run;
}
