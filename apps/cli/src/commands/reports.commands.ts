import { type paths, unwrap } from '@cw/api-client';
import type { Command } from 'commander';
import type { CliContext } from '../context';
import { usageError } from '../exit-codes';
import { action, checkUuid, everyOf, integerIn } from './command-kit';

type RunStatus = NonNullable<
  NonNullable<paths['/api/reports']['get']['parameters']['query']>['status']
>;

const RUN_STATUSES = everyOf<RunStatus>()([
  'queued',
  'running',
  'awaiting_work_packet',
  'awaiting_approval',
  'completed',
  'failed',
  'cancelled',
  'stale',
  'budget_exceeded',
]);

async function list(
  context: CliContext,
  options: {
    limit?: number;
    offset?: number;
    status?: (typeof RUN_STATUSES)[number];
    workflow?: string;
  },
): Promise<void> {
  const client = await context.client();
  const listed = unwrap(
    await client.GET('/api/reports', {
      params: {
        query: {
          limit: options.limit,
          offset: options.offset,
          status: options.status,
          workflow_public_id: options.workflow && checkUuid(options.workflow, '--workflow'),
        },
      },
    }),
  );
  context.out.result(listed, () => {
    context.out.table(
      listed.reports,
      [
        { header: 'ID', value: (report) => report.id },
        { header: 'WORKFLOW', value: (report) => report.workflow_name },
        { header: 'STATUS', value: (report) => report.status },
        { header: 'CREATED', value: (report) => report.created_at },
        { header: 'COMPLETED', value: (report) => report.completed_at },
      ],
      'No reports you can read.',
    );
    if (listed.has_more) context.out.note(`${listed.total} in all: use --offset for more.`);
  });
}

async function get(context: CliContext, reportId: string): Promise<void> {
  checkUuid(reportId, 'report id');
  const client = await context.client();
  const report = unwrap(
    await client.GET('/api/reports/{report_id}', {
      params: { path: { report_id: reportId } },
    }),
  );
  const { presentation } = report;
  context.out.result(report, () => {
    context.out.fields([
      ['report', report.id],
      ['title', report.title],
      ['workflow', `${report.workflow.name} (no. ${report.workflow.number})`],
      ['status', presentation.execution_status],
      [
        'outcome',
        `${presentation.outcome.status}${presentation.outcome.summary ? `: ${presentation.outcome.summary}` : ''}`,
      ],
      ['created', report.created_at],
      ['completed', report.completed_at],
    ]);
    context.out.line();
    context.out.table(
      presentation.deliverables,
      [
        { header: 'DELIVERABLE', value: (deliverable) => deliverable.name },
        { header: 'REQUIRED', value: (deliverable) => (deliverable.required ? 'yes' : 'no') },
        { header: 'STATUS', value: (deliverable) => deliverable.status },
        {
          header: 'VALUE',
          value: (deliverable) =>
            deliverable.page_public_id ??
            (deliverable.value === undefined ? undefined : oneLine(deliverable.value)),
        },
      ],
      'No deliverables.',
    );
  });
}

function oneLine(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}

export function registerReportCommands(program: Command): void {
  const reports = program.command('reports').description('list and read run reports');
  reports
    .command('list')
    .description('list the reports you can read, newest first')
    .option('--limit <n>', 'reports per page (1-200)', integerIn(1, 200))
    .option('--offset <n>', 'skip this many', integerIn(0, 1_000_000))
    .option('--status <status>', `only this run status: ${RUN_STATUSES.join(', ')}`, (value) => {
      if (!(RUN_STATUSES as readonly string[]).includes(value))
        throw usageError(`--status is one of ${RUN_STATUSES.join(', ')}`);
      return value;
    })
    .option('--workflow <uuid>', "only this workflow's reports")
    .action(action(list));
  reports
    .command('get')
    .description('show a report: outcome, states and deliverables')
    .argument('<report_id>', 'the report id (the run id)')
    .action(action(get));
}
