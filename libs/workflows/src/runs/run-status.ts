import { WORKFLOWS_RUNS_STATUS } from '@cw/db';
/** The spec's run execution statuses: the values the `workflows.runs.status` check allows. */
export const RUN_STATUSES = WORKFLOWS_RUNS_STATUS;

export type RunStatus = (typeof RUN_STATUSES)[number];

/** Statuses in which execution has ended (and hooks are told). */
export const TERMINAL_RUN_STATUSES = [
  'completed',
  'failed',
  'cancelled',
  'stale',
  'budget_exceeded',
] as const satisfies readonly RunStatus[];

export type TerminalRunStatus = (typeof TERMINAL_RUN_STATUSES)[number];

export function isTerminal(status: RunStatus): status is TerminalRunStatus {
  return (TERMINAL_RUN_STATUSES as readonly RunStatus[]).includes(status);
}

export type StepStatus = 'pending' | 'running' | 'waiting' | 'completed' | 'failed' | 'skipped';

export interface StepError {
  code: string;
  message: string;
}

/** What a run has recorded of one step of its definition. */
export interface StepRecord {
  index: number;
  id: string;
  block: string;
  status: StepStatus;
  output: unknown;
  error: StepError | null;
  started_at: Date | null;
  finished_at: Date | null;
}

/** The error of a run its worker ended because a cancel was asked for. */
export const CANCELLED_BY_REQUEST: StepError = {
  code: 'cancelled',
  message: 'The run was cancelled.',
};
