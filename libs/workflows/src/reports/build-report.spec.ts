import type { WorkflowDefinition } from '../definitions/workflow-definition';
import type { StepRecord } from '../runs/run-status';
import { buildReport, buildRunView, type ReportSource } from './build-report';

const DEFINITION: WorkflowDefinition = {
  steps: [
    { id: 'draft', block: 'text.compose', template: 'x' },
    { id: 'save', block: 'wiki.write', path: '/Company', title: 't', markdown: 'm' },
  ],
  deliverables: [
    { name: 'text', required: false, from_step: 'draft' },
    { name: 'page', required: true, from_step: 'save' },
  ],
  budget: {},
};
const T = new Date('2026-11-23T10:00:00Z');
const done = (index: number, output: unknown): StepRecord => ({
  index,
  id: DEFINITION.steps[index].id,
  block: DEFINITION.steps[index].block,
  status: 'completed',
  output,
  error: null,
  started_at: T,
  finished_at: T,
});
const source = (overrides: Partial<ReportSource>): ReportSource => ({
  runId: '00000000-0000-4000-8000-000000000001',
  workflow: { id: '00000000-0000-4000-8000-000000000002', number: 3, name: 'Weekly' },
  title: 'Week 47',
  status: 'completed',
  runError: null,
  createdAt: T,
  completedAt: T,
  definition: DEFINITION,
  records: [],
  receipts: [],
  ...overrides,
});

describe('buildReport', () => {
  it('succeeds when completed with every required deliverable, naming the page', () => {
    const report = buildReport(
      source({ records: [done(0, 'hello'), done(1, { page_public_id: 'p-1', version: 1 })] }),
    );
    expect(report).toMatchObject({ schema_version: 2, title: 'Week 47' });
    expect(report.presentation.outcome.status).toBe('succeeded');
    expect(report.presentation.deliverables).toEqual([
      { name: 'text', required: false, status: 'delivered', value: 'hello' },
      {
        name: 'page',
        required: true,
        status: 'delivered',
        value: { page_public_id: 'p-1', version: 1 },
        page_public_id: 'p-1',
      },
    ]);
  });

  it('is incomplete when completed without a required deliverable, or not finished', () => {
    expect(
      buildReport(source({ records: [done(0, 'hello'), done(1, null)] })).presentation.outcome,
    ).toEqual({
      status: 'incomplete',
      summary: 'Completed, but required deliverable(s) missing: page.',
    });
    const running = buildReport(
      source({ status: 'awaiting_work_packet', completedAt: null, records: [done(0, 'x')] }),
    );
    expect(running.presentation.outcome.status).toBe('incomplete');
    expect(running.presentation.states.map((state) => state.status)).toEqual([
      'completed',
      'pending',
    ]);
  });

  it('fails for every other terminal status, with the last error in the summary', () => {
    const report = buildReport(
      source({
        status: 'budget_exceeded',
        runError: { code: 'budget_exceeded', message: 'Too long.' },
      }),
    );
    expect(report.presentation.outcome).toEqual({
      status: 'failed',
      summary: 'Ended budget_exceeded after 0 of 2 steps: Too long.',
    });
  });
});

describe('buildRunView', () => {
  it('shows progress, the current step and the report URL', () => {
    const view = buildRunView(
      source({ status: 'running', completedAt: null, records: [done(0, 'x')] }),
      '/api/reports/r',
    );
    expect(view).toMatchObject({
      status: 'running',
      progress: { done: 1, total: 2 },
      current_step: 'save',
      stages: [
        { name: 'draft', status: 'completed' },
        { name: 'save', status: 'pending' },
      ],
      report_url: '/api/reports/r',
    });
  });
});
