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

const DEFAULT_LIMIT = 5;

/** `wiki.search`: the starter's best matches. */
@Injectable()
export class WikiSearchStep implements StepExecutor {
  readonly usesDatabase = true;

  constructor(
    private readonly wiki: WikiApi,
    private readonly starter: StarterActor,
  ) {}

  execute(context: StepContext): Promise<StepOutcome> {
    const { limit, include_shared } = context.step;
    return asStarter(this.starter, context, async (actor) =>
      completed(
        await this.wiki.search(actor, renderField(context, 'query'), {
          limit: typeof limit === 'number' ? limit : DEFAULT_LIMIT,
          includeShared: include_shared !== false,
        }),
      ),
    );
  }
}
