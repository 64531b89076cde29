import type { WorkflowStep } from '../../../definitions/workflow-definition';
import { renderTemplate, type TemplateScope } from '../../../templates/template';
import type { ClaimedRun } from '../../run-lease.repository';
import type { StepError } from '../../run-status';

/** What an executor gets: the run it belongs to, the step, and what earlier steps produced. */
export interface StepContext {
  run: ClaimedRun;
  step: WorkflowStep;
  index: number;
  scope: TemplateScope;
}

export type StepOutcome =
  | { kind: 'completed'; output: unknown }
  | { kind: 'failed'; error: StepError }
  /** The step is done; the run sleeps until `until` before its next step. */
  | { kind: 'sleep'; until: Date; output: unknown }
  /** The run waits until someone answers the work packet; its result becomes the output. */
  | { kind: 'work_packet'; instructions: string };

export interface StepExecutor {
  execute(context: StepContext): Promise<StepOutcome>;
  /**
   * It reads only its context, changes nothing else and takes no time worth showing (a template
   * fill). Such a step is not marked `running`: its record goes with the run's next write, which
   * follows at once, and a worker that dies before that only runs it again.
   */
  readonly instant?: boolean;
  /**
   * Its work is statements on this process's database pool (the `wiki.*` steps): it runs under
   * the engine's database gate. Steps that wait on other services do not, and hold no connection.
   */
  readonly usesDatabase?: boolean;
  /** It evaluates code in the sandbox (CPU-bound): it waits for one of the engine's sandbox slots. */
  readonly usesSandbox?: boolean;
}

export const completed = (output: unknown): StepOutcome => ({ kind: 'completed', output });

export const failed = (code: string, message: string): StepOutcome => ({
  kind: 'failed',
  error: { code, message },
});

/** The step's field as text, its references filled in; absent fields are empty. */
export function renderField(context: StepContext, field: string): string {
  const value = context.step[field];
  return typeof value === 'string' ? renderTemplate(value, context.scope) : '';
}

/** The read-only globals code in a step sees. */
export function codeGlobals(context: StepContext): Record<string, unknown> {
  return { inputs: context.scope.inputs, steps: context.scope.steps };
}
