import { Injectable } from '@nestjs/common';
import type { StepContext, StepExecutor, StepOutcome } from './step-executor';

/** `wait`: the run sleeps `seconds`, holding its place (it survives restarts). */
@Injectable()
export class WaitStep implements StepExecutor {
  execute(context: StepContext): Promise<StepOutcome> {
    const until = new Date(Date.now() + Number(context.step.seconds) * 1000);
    return Promise.resolve({ kind: 'sleep', until, output: { waited_until: until.toISOString() } });
  }
}
