import { Injectable } from '@nestjs/common';
import { CodeSandbox } from '../../../code-sandbox/code-sandbox';
import {
  codeGlobals,
  completed,
  failed,
  type StepContext,
  type StepExecutor,
  type StepOutcome,
} from './step-executor';

/**
 * `assert`: `that` must evaluate to exactly `true`, else the run fails with `message`. A boolean
 * `that` is its own outcome and is not evaluated.
 */
@Injectable()
export class AssertStep implements StepExecutor {
  readonly usesSandbox = true;

  constructor(private readonly sandbox: CodeSandbox) {}

  async execute(context: StepContext): Promise<StepOutcome> {
    const { that } = context.step;
    const message = String(context.step.message);
    if (typeof that === 'boolean')
      return that ? completed(true) : failed('assertion_failed', message);
    const outcome = await this.sandbox.evaluate(String(that), codeGlobals(context));
    if (outcome.status === 'ok' && outcome.result === true) return completed(true);
    if (outcome.status === 'ok') return failed('assertion_failed', message);
    const reason = outcome.error
      ? `${outcome.error.name}: ${outcome.error.message}`
      : outcome.status;
    return failed('assertion_failed', `${message} (the check did not evaluate: ${reason})`);
  }
}
