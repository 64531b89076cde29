import type { Budget, WorkflowStep } from '../../definitions/workflow-definition';
import type { StepError, StepRecord, TerminalRunStatus } from '../run-status';

export type NextAction =
  | { kind: 'execute'; index: number; step: WorkflowStep }
  | { kind: 'finish'; status: TerminalRunStatus; error: StepError | null };

export interface RunPosition {
  steps: readonly WorkflowStep[];
  budget: Budget;
  /** Every step's record so far, by index (missing = not started). */
  records: readonly StepRecord[];
  startedAt: Date;
  now: Date;
}

/**
 * What a run does next, from what it has recorded: the first step that has not completed runs
 * (a step left `running` by a worker that died runs again: steps are at-least-once); a failed
 * step fails the run; going over the budget ends it `budget_exceeded`; all steps done completes
 * it. Pure: the executor records each outcome, then asks again.
 */
export function nextAction(position: RunPosition): NextAction {
  const { steps, budget, records } = position;
  const byIndex = new Map(records.map((record) => [record.index, record]));
  const failed = records.find((record) => record.status === 'failed');
  if (failed) return { kind: 'finish', status: 'failed', error: failed.error };

  const index = steps.findIndex((_step, each) => {
    const status = byIndex.get(each)?.status;
    return status !== 'completed' && status !== 'skipped';
  });
  if (index === -1) return { kind: 'finish', status: 'completed', error: null };

  const done = records.filter((record) => record.status === 'completed').length;
  if (budget.max_steps !== undefined && done >= budget.max_steps) {
    return {
      kind: 'finish',
      status: 'budget_exceeded',
      error: {
        code: 'budget_exceeded',
        message: `The budget allows ${budget.max_steps} step(s); step "${steps[index].id}" would be one more.`,
      },
    };
  }
  const elapsed = (position.now.getTime() - position.startedAt.getTime()) / 1000;
  if (budget.max_seconds !== undefined && elapsed > budget.max_seconds) {
    return {
      kind: 'finish',
      status: 'budget_exceeded',
      error: {
        code: 'budget_exceeded',
        message: `The budget allows ${budget.max_seconds} s; the run has taken ${Math.floor(elapsed)} s.`,
      },
    };
  }
  return { kind: 'execute', index, step: steps[index] };
}
