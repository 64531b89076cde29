import { randomUUID } from 'node:crypto';
import { type ApiClient, type components, type paths, unwrap, withRetries } from '@cw/api-client';
import type { Command } from 'commander';
import type { CliContext } from '../context';
import { ExitCode, usageError } from '../exit-codes';
import { action, checkUuid, everyOf, integerIn, UUID } from './command-kit';
import { RunProgress } from './run-progress';

type Workflow = components['schemas']['WorkflowDto'];
type RunView = components['schemas']['RunViewDto'];
type InputValue = string | number | boolean;

type WorkflowStatus = NonNullable<
  NonNullable<paths['/api/workflows']['get']['parameters']['query']>['status']
>;

const WORKFLOW_STATUSES = everyOf<WorkflowStatus>()(['draft', 'active', 'archived']);
const ENDED = new Set(['completed', 'failed', 'cancelled', 'stale', 'budget_exceeded']);
const POLL_MS = 1_000;

function checkWorkflowRef(ref: string): string {
  if (UUID.test(ref) || /^[1-9]\d{0,9}$/.test(ref)) return ref;
  throw usageError(`"${ref}" is not a workflow UUID or display number`);
}

async function list(
  context: CliContext,
  options: { status?: (typeof WORKFLOW_STATUSES)[number]; limit?: number; offset?: number },
): Promise<void> {
  const client = await context.client();
  const listed = unwrap(
    await client.GET('/api/workflows', {
      params: { query: { status: options.status, limit: options.limit, offset: options.offset } },
    }),
  );
  context.out.result(listed, () => {
    context.out.table(
      listed.workflows,
      [
        { header: 'NO', value: (workflow) => workflow.number },
        { header: 'ID', value: (workflow) => workflow.id },
        { header: 'NAME', value: (workflow) => workflow.name },
        { header: 'STATUS', value: (workflow) => workflow.status },
        { header: 'VISIBILITY', value: (workflow) => workflow.visibility },
        {
          header: 'INPUTS',
          value: (workflow) => workflow.inputs.map((input) => input.name).join(' '),
        },
      ],
      'No workflows you can see.',
    );
    if (listed.has_more) context.out.note(`${listed.total} in all: use --offset for more.`);
  });
}

async function show(context: CliContext, ref: string): Promise<void> {
  const client = await context.client();
  const workflow = await getWorkflow(client, ref);
  context.out.result(workflow, () => {
    context.out.fields([
      ['name', workflow.name],
      ['id', `${workflow.id} (no. ${workflow.number})`],
      ['status', workflow.status],
      ['visibility', workflow.visibility],
      ['owner', JSON.stringify(workflow.owner)],
      ['schedule', workflow.schedule ? JSON.stringify(workflow.schedule) : null],
    ]);
    context.out.line();
    context.out.table(
      workflow.inputs,
      [
        { header: 'INPUT', value: (input) => input.name },
        { header: 'TYPE', value: (input) => input.type },
        { header: 'REQUIRED', value: (input) => (input.required ? 'yes' : 'no') },
      ],
      'No inputs.',
    );
    context.out.line();
    context.out.table(
      workflow.definition.steps,
      [
        { header: 'STEP', value: (step) => String(step.id) },
        { header: 'BLOCK', value: (step) => String(step.block) },
      ],
      'No steps.',
    );
  });
}

async function getWorkflow(client: ApiClient, ref: string): Promise<Workflow> {
  return unwrap(
    await client.GET('/api/workflows/{workflow_id}', {
      params: { path: { workflow_id: checkWorkflowRef(ref) } },
    }),
  );
}

/** `--input name=value`, typed by the workflow's declared inputs. */
function collectInput(value: string, previous: string[] = []): string[] {
  if (!/^[^=]+=/.test(value)) throw usageError(`--input "${value}" is not name=value`);
  return [...previous, value];
}

export function typedInputs(
  pairs: readonly string[],
  declared: Workflow['inputs'],
): Record<string, InputValue> {
  const inputs: Record<string, InputValue> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    const raw = pair.slice(at + 1);
    const input = declared.find((each) => each.name === name);
    if (!input)
      throw usageError(
        `the workflow has no input "${name}"; its inputs: ${declared.map((each) => each.name).join(', ') || 'none'}`,
      );
    if (name in inputs) throw usageError(`--input ${name} is given twice`);
    switch (input.type) {
      case 'text':
        inputs[name] = raw;
        break;
      case 'number': {
        const number = Number(raw);
        if (raw.trim() === '' || !Number.isFinite(number))
          throw usageError(`input ${name} is a number; "${raw}" is not`);
        inputs[name] = number;
        break;
      }
      case 'boolean':
        if (raw !== 'true' && raw !== 'false')
          throw usageError(`input ${name} is true or false; "${raw}" is neither`);
        inputs[name] = raw === 'true';
        break;
    }
  }
  const missing = declared.filter((input) => input.required && !(input.name in inputs));
  if (missing.length)
    throw usageError(
      `missing required input${missing.length > 1 ? 's' : ''}: ${missing.map((input) => `--input ${input.name}=…`).join(' ')}`,
    );
  return inputs;
}

interface RunOptions {
  input?: string[];
  title?: string;
  wait?: boolean;
  timeout: number;
  runRequestId?: string;
}

async function run(context: CliContext, ref: string, options: RunOptions): Promise<void> {
  const client = await context.client();
  const workflow = await getWorkflow(client, ref);
  const inputs = typedInputs(options.input ?? [], workflow.inputs);
  // The key that makes every retry of this start the same start: one run, however many tries.
  const runRequestId = options.runRequestId
    ? checkUuid(options.runRequestId, '--run-request-id')
    : randomUUID();
  const body = { inputs, title: options.title, run_request_id: runRequestId };
  const started = unwrap(
    await withRetries(
      () =>
        client.POST('/api/workflows/{workflow_id}/run', {
          params: { path: { workflow_id: workflow.id } },
          body,
        }),
      undefined,
      (attempt, reason) =>
        context.out.note(
          `start not confirmed (${reason}); trying again with the same run_request_id`,
        ),
    ),
  );
  if (!options.wait) {
    context.out.result({ run_request_id: runRequestId, started }, () =>
      context.out.line(`Started run ${started.run_id} of ${workflow.name} (${started.status}).`),
    );
    return;
  }

  const final = await waitForRun(context, client, started.run_id, options.timeout);
  context.out.result({ run_request_id: runRequestId, started, run: final }, () =>
    describeRun(context, final),
  );
  if (!ENDED.has(final.status)) {
    context.out.note(
      `Still ${final.status} after ${options.timeout} s; follow it with \`cw runs show ${final.run_id}\`.`,
    );
    process.exitCode = ExitCode.timedOut;
  } else if (final.status !== 'completed' || final.outcome.status !== 'succeeded') {
    process.exitCode = ExitCode.runUnsuccessful;
  }
}

/** Polls the run view until the run ends or the timeout passes; the last view either way. */
async function waitForRun(
  context: CliContext,
  client: ApiClient,
  runId: string,
  timeoutSeconds: number,
): Promise<RunView> {
  const progress = new RunProgress(context.out);
  const deadline = Date.now() + timeoutSeconds * 1000;
  try {
    for (;;) {
      // A read: retried freely over a dropped connection or a 5xx.
      const view = unwrap(
        await withRetries(() =>
          client.GET('/api/workflows/runs/{run_id}', { params: { path: { run_id: runId } } }),
        ),
      );
      progress.update(view);
      if (ENDED.has(view.status) || Date.now() >= deadline) return view;
      await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, deadline - Date.now())));
    }
  } finally {
    progress.stop();
  }
}

function describeRun(context: CliContext, view: RunView): void {
  const colors = context.out.colors;
  const succeeded = view.status === 'completed' && view.outcome.status === 'succeeded';
  context.out.fields([
    ['run', view.run_id],
    ['workflow', `${view.workflow.name} (no. ${view.workflow.number})`],
    ['status', succeeded ? colors.green(view.status) : view.status],
    ['outcome', `${view.outcome.status}${view.outcome.summary ? `: ${view.outcome.summary}` : ''}`],
    ['progress', `${view.progress.done}/${view.progress.total} steps`],
    ['started', view.created_at],
    ['completed', view.completed_at],
    ['report', view.report_url],
  ]);
  context.out.line();
  context.out.table(view.steps, [
    { header: 'STEP', value: (step) => step.id },
    { header: 'BLOCK', value: (step) => step.block },
    { header: 'STATUS', value: (step) => step.status },
    { header: 'ERROR', value: (step) => step.error?.message },
  ]);
}

async function showRun(context: CliContext, runId: string): Promise<void> {
  checkUuid(runId, 'run id');
  const client = await context.client();
  const view = unwrap(
    await client.GET('/api/workflows/runs/{run_id}', { params: { path: { run_id: runId } } }),
  );
  context.out.result(view, () => describeRun(context, view));
}

export function registerWorkflowCommands(program: Command): void {
  const workflows = program.command('workflows').description('list and inspect saved workflows');
  workflows
    .command('list')
    .description('list the workflows you can see')
    .option('--status <status>', `only this status: ${WORKFLOW_STATUSES.join(', ')}`, (value) => {
      if (!(WORKFLOW_STATUSES as readonly string[]).includes(value))
        throw usageError(`--status is one of ${WORKFLOW_STATUSES.join(', ')}`);
      return value;
    })
    .option('--limit <n>', 'workflows per page (1-100)', integerIn(1, 100))
    .option('--offset <n>', 'skip this many', integerIn(0, 1_000_000))
    .action(action(list));
  workflows
    .command('show')
    .description("show a workflow's inputs and steps")
    .argument('<workflow>', 'the workflow UUID or display number')
    .action(action(show));

  program
    .command('run')
    .description(
      'start a workflow run (retried safely with one run_request_id); --wait follows it to the end',
    )
    .argument('<workflow>', 'the workflow UUID or display number')
    .option(
      '--input <name=value>',
      'a run input, typed as the workflow declares (repeatable)',
      collectInput,
    )
    .option('--title <title>', 'a title for the run')
    .option('--wait', 'follow the run to its end; exit 0 only when it completed and succeeded')
    .option(
      '--timeout <seconds>',
      'with --wait: give up waiting after this long',
      integerIn(1, 86_400),
      900,
    )
    .option('--run-request-id <uuid>', 'the idempotency key (default: a fresh UUID)')
    .action(action(run));

  const runs = program.command('runs').description('inspect workflow runs');
  runs
    .command('show')
    .description("show a run's status, outcome and steps")
    .argument('<run_id>', 'the run UUID')
    .action(action(showRun));
}
