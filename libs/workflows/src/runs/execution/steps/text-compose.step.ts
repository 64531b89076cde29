import { Injectable } from '@nestjs/common';
import {
  completed,
  renderField,
  type StepContext,
  type StepExecutor,
  type StepOutcome,
} from './step-executor';

/** `text.compose`: the filled template. */
@Injectable()
export class TextComposeStep implements StepExecutor {
  readonly instant = true;

  execute(context: StepContext): Promise<StepOutcome> {
    return Promise.resolve(completed(renderField(context, 'template')));
  }
}
