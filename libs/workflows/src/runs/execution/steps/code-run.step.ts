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

/** `code.run`: the JSON value of the code's last expression, evaluated in the sandbox. */
@Injectable()
export class CodeRunStep implements StepExecutor {
  readonly usesSandbox = true;

  constructor(private readonly sandbox: CodeSandbox) {}

  async execute(context: StepContext): Promise<StepOutcome> {
    const outcome = await this.sandbox.evaluate(String(context.step.code), codeGlobals(context));
    if (outcome.status === 'ok') return completed(outcome.result);
    return failed(
      `code_${outcome.status}`,
      outcome.error
        ? `${outcome.error.name}: ${outcome.error.message}`
        : `The code ended with ${outcome.status}.`,
    );
  }
}
