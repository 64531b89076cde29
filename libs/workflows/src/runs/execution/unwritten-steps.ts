import type { StepError, StepRecord } from '../run-status';
import type { FinishedStepRecord, FinishedStepStatus, UnwrittenSteps } from '../finished-steps.sql';
import type { StepSlot } from '../run-step.repository';
import type { StepOutcome } from './steps/step-executor';

/**
 * Steps whose records go with the run's next write, which follows at once (nothing that takes
 * time runs before it): instant steps (dropped when that write finds a cancel asked for, as they
 * changed nothing), and the step with effects that just ended (always written).
 */
export interface Unwritten {
  instant: FinishedStep[];
  effectful: FinishedStep | null;
}

export const nothingUnwritten = (): Unwritten => ({ instant: [], effectful: null });

/** A step that ended, and when (the worker's clock). */
export interface FinishedStep {
  slot: StepSlot;
  status: FinishedStepStatus;
  output: unknown;
  error: StepError | null;
  startedAt: Date;
  finishedAt: Date;
}

export function finishedOf(
  outcome: StepOutcome,
): Pick<FinishedStep, 'status' | 'output' | 'error'> {
  if (outcome.kind === 'completed')
    return { status: 'completed', output: outcome.output, error: null };
  if (outcome.kind === 'failed') return { status: 'failed', output: null, error: outcome.error };
  // Only a step that is marked `running` may pause its run.
  return {
    status: 'failed',
    output: null,
    error: { code: 'step_error', message: `An instant step cannot ${outcome.kind}.` },
  };
}

export function recordOf(step: FinishedStep): StepRecord {
  return {
    index: step.slot.index,
    id: step.slot.stepId,
    block: step.slot.block,
    status: step.status,
    output: step.output,
    error: step.error,
    started_at: step.startedAt,
    finished_at: step.finishedAt,
  };
}

/** The steps as the database records them, their times counted back from now. */
function finishedRecords(steps: readonly FinishedStep[], now: number): FinishedStepRecord[] {
  return steps.map((step) => ({
    step_index: step.slot.index,
    step_id: step.slot.stepId,
    block: step.slot.block,
    status: step.status,
    output: step.output,
    error: step.error,
    started_ago_ms: now - step.startedAt.getTime(),
    finished_ago_ms: now - step.finishedAt.getTime(),
  }));
}

export function unwrittenRecords(unwritten: Unwritten, now = Date.now()): UnwrittenSteps {
  return {
    instant: finishedRecords(unwritten.instant, now),
    effectful: finishedRecords(unwritten.effectful ? [unwritten.effectful] : [], now),
  };
}
