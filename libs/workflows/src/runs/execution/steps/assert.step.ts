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

/** `assert`: `that` must evaluate to exactly `true`, else the run fails with `message`. */
@Injectable()
export class AssertStep implements StepExecutor {
  readonly usesSandbox = true;

  constructor(private readonly sandbox: CodeSandbox) {}

  async execute(context: StepContext): Promise<StepOutcome> {
    const outcome = await this.sandbox.evaluate(String(context.step.that), codeGlobals(context));
    if (outcome.status === 'ok' && outcome.result === true) return completed(true);
    const message = String(context.step.message);
    if (outcome.status === 'ok') return failed('assertion_failed', message);
    const reason = outcome.error
      ? `${outcome.error.name}: ${outcome.error.message}`
      : outcome.status;
    return failed('assertion_failed', `${message} (the check did not evaluate: ${reason})`);
  }
}
