import { randomBytes } from 'node:crypto';
import type { TestApp } from '@cw/testing';
import { DataSource } from 'typeorm';
import { CompanyCounterRepository } from '../src/definitions/company-counter.repository';
import type { Workflow, WorkflowStatus } from '../src/definitions/entities/workflow.entity';
import { type NewWorkflow, WorkflowRepository } from '../src/definitions/workflow.repository';
import { RunReportWriter } from '../src/reports/run-report.writer';
import { RunRequest } from '../src/runs/entities/run-request.entity';
import { Run } from '../src/runs/entities/run.entity';
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
  const run = await dataSource.getRepository(Run).findOneByOrFail({ id: runId });
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
  return {
    runs: await dataSource.getRepository(Run).countBy({ workflowId }),
    receipts: await dataSource.getRepository(RunRequest).countBy({ workflowId }),
  };
}
