import type { WorkflowDefinition } from '../definitions/workflow-definition';
import { isTerminal, type RunStatus, type StepError, type StepRecord } from '../runs/run-status';
import type {
  DeliveryReceipt,
  OutcomeStatus,
  Report,
  ReportDeliverable,
  RunView,
  StepState,
  WorkflowRef,
} from './report';

export interface ReportSource {
  runId: string;
  workflow: WorkflowRef;
  title: string | null;
  status: RunStatus;
  /** The run's own error (cancellation, staleness, budget), beside the steps' errors. */
  runError: StepError | null;
  createdAt: Date;
  completedAt: Date | null;
  definition: WorkflowDefinition;
  records: readonly StepRecord[];
  receipts: readonly DeliveryReceipt[];
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

const stepsWord = (count: number): string => (count === 1 ? 'step' : 'steps');

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function deliverablesOf(source: ReportSource): ReportDeliverable[] {
  const byId = new Map(source.records.map((record) => [record.id, record]));
  return source.definition.deliverables.map((deliverable) => {
    const record = byId.get(deliverable.from_step);
    const delivered = record?.status === 'completed' && isPresent(record.output);
    if (!delivered)
      return { name: deliverable.name, required: deliverable.required, status: 'missing' };
    const output = record.output;
    const pageId =
      output &&
      typeof output === 'object' &&
      typeof (output as { page_public_id?: unknown }).page_public_id === 'string'
        ? (output as { page_public_id: string }).page_public_id
        : undefined;
    return {
      name: deliverable.name,
      required: deliverable.required,
      status: 'delivered',
      value: output,
      ...(pageId ? { page_public_id: pageId } : {}),
    };
  });
}

function statesOf(source: ReportSource): StepState[] {
  const byIndex = new Map(source.records.map((record) => [record.index, record]));
  return source.definition.steps.map((step, index) => {
    const record = byIndex.get(index);
    return {
      step: step.id,
      block: step.block,
      status: record?.status ?? 'pending',
      started_at: iso(record?.started_at ?? null),
      finished_at: iso(record?.finished_at ?? null),
      error: record?.error ?? null,
    };
  });
}

function errorsOf(source: ReportSource): StepError[] {
  const stepErrors = source.records.flatMap((record) => (record.error ? [record.error] : []));
  return source.runError ? [...stepErrors, source.runError] : stepErrors;
}

function outcomeOf(
  source: ReportSource,
  deliverables: readonly ReportDeliverable[],
): { status: OutcomeStatus; summary: string } {
  const total = source.definition.steps.length;
  const done = source.records.filter((record) => record.status === 'completed').length;
  if (!isTerminal(source.status)) {
    return {
      status: 'incomplete',
      summary:
        source.status === 'awaiting_work_packet'
          ? `Waiting for a work packet after ${done} of ${total} ${stepsWord(total)}.`
          : `Not finished: ${done} of ${total} ${stepsWord(total)} done (${source.status}).`,
    };
  }
  if (source.status === 'completed') {
    const missing = deliverables.filter((each) => each.required && each.status === 'missing');
    return missing.length > 0
      ? {
          status: 'incomplete',
          summary: `Completed, but required deliverable(s) missing: ${missing.map((each) => each.name).join(', ')}.`,
        }
      : {
          status: 'succeeded',
          summary: total === 1 ? 'Completed its one step.' : `Completed all ${total} steps.`,
        };
  }
  const [error] = errorsOf(source).slice(-1);
  return {
    status: 'failed',
    summary: `Ended ${source.status} after ${done} of ${total} ${stepsWord(total)}${error ? `: ${error.message}` : '.'}`,
  };
}

/** The report of a run, as a reader and a hook receiver see it. Pure: the caller checks access. */
export function buildReport(source: ReportSource): Report {
  const deliverables = deliverablesOf(source);
  return {
    id: source.runId,
    schema_version: 2,
    workflow: source.workflow,
    title: source.title,
    created_at: source.createdAt.toISOString(),
    completed_at: iso(source.completedAt),
    presentation: {
      execution_status: source.status,
      outcome: outcomeOf(source, deliverables),
      states: statesOf(source),
      deliverables,
      delivery_receipts: [...source.receipts],
    },
  };
}

/** The run view of `GET /api/workflows/runs/{run_id}` (MCP `get_workflow_run`). */
export function buildRunView(source: ReportSource, reportUrl: string): RunView {
  const states = statesOf(source);
  const outcome = outcomeOf(source, deliverablesOf(source));
  const current = isTerminal(source.status)
    ? null
    : (states.find((state) => state.status !== 'completed' && state.status !== 'skipped')?.step ??
      null);
  return {
    run_id: source.runId,
    workflow: source.workflow,
    status: source.status,
    outcome,
    errors: errorsOf(source),
    stages: states.map((state) => ({ name: state.step, status: state.status })),
    progress: {
      done: states.filter((state) => state.status === 'completed').length,
      total: states.length,
    },
    current_step: current,
    steps: states.map((state) => ({
      id: state.step,
      block: state.block,
      status: state.status,
      started_at: state.started_at,
      finished_at: state.finished_at,
      error: state.error,
    })),
    summary: outcome.summary,
    report_url: reportUrl,
    created_at: source.createdAt.toISOString(),
    completed_at: iso(source.completedAt),
  };
}
