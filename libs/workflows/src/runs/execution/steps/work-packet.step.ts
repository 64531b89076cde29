import { Injectable } from '@nestjs/common';
import {
  renderField,
  type StepContext,
  type StepExecutor,
  type StepOutcome,
} from './step-executor';

/** `work_packet`: hands the rendered instructions out and waits for the result. */
@Injectable()
export class WorkPacketStep implements StepExecutor {
  execute(context: StepContext): Promise<StepOutcome> {
    return Promise.resolve({
      kind: 'work_packet',
      instructions: renderField(context, 'instructions'),
    });
  }
}
