import { Injectable } from '@nestjs/common';
import { WikiApi } from '@cw/wiki';
import { StarterActor } from '../starter-actor';
import {
  completed,
  renderField,
  type StepContext,
  type StepExecutor,
  type StepOutcome,
} from './step-executor';
import { asStarter } from './wiki-step';

/** `wiki.read`: one page the starter can read. */
@Injectable()
export class WikiReadStep implements StepExecutor {
  readonly usesDatabase = true;

  constructor(
    private readonly wiki: WikiApi,
    private readonly starter: StarterActor,
  ) {}

  execute(context: StepContext): Promise<StepOutcome> {
    return asStarter(this.starter, context, async (actor) =>
      completed(await this.wiki.read(actor, renderField(context, 'page').trim())),
    );
  }
}
