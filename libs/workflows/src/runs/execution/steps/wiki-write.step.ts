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

/** `wiki.write`: creates or replaces the page titled `title` in folder `path`, as the starter. */
@Injectable()
export class WikiWriteStep implements StepExecutor {
  readonly usesDatabase = true;

  constructor(
    private readonly wiki: WikiApi,
    private readonly starter: StarterActor,
  ) {}

  execute(context: StepContext): Promise<StepOutcome> {
    return asStarter(this.starter, context, async (actor) =>
      completed(
        await this.wiki.upsert(actor, {
          path: String(context.step.path),
          title: renderField(context, 'title'),
          markdown: renderField(context, 'markdown'),
          message: `Workflow run ${context.run.id}, step ${context.step.id}`,
        }),
      ),
    );
  }
}
