import { Injectable } from '@nestjs/common';
import type { BlockName } from '../../../blocks/block-catalog';
import { AssertStep } from './assert.step';
import { CodeRunStep } from './code-run.step';
import { HttpRequestStep } from './http-request.step';
import { ModelGenerateStep } from './model-generate.step';
import { RenderedTemplateTooLongError } from '../../../templates/template';
import { failed, type StepContext, type StepExecutor, type StepOutcome } from './step-executor';
import { TextComposeStep } from './text-compose.step';
import { WaitStep } from './wait.step';
import { WikiReadStep } from './wiki-read.step';
import { WikiSearchStep } from './wiki-search.step';
import { WikiWriteStep } from './wiki-write.step';
import { WorkPacketStep } from './work-packet.step';

export const STEP_EXECUTOR_PROVIDERS = [
  AssertStep,
  CodeRunStep,
  HttpRequestStep,
  ModelGenerateStep,
  TextComposeStep,
  WaitStep,
  WikiReadStep,
  WikiSearchStep,
  WikiWriteStep,
  WorkPacketStep,
];

/**
 * `executor`, whose fields that fill in too long (thrown while rendering, before or inside its
 * promise) fail the step with `template_too_long` instead of throwing.
 */
function boundingTemplates(executor: StepExecutor): StepExecutor {
  return {
    instant: executor.instant,
    usesDatabase: executor.usesDatabase,
    usesSandbox: executor.usesSandbox,
    async execute(context: StepContext): Promise<StepOutcome> {
      try {
        return await executor.execute(context);
      } catch (error) {
        if (!(error instanceof RenderedTemplateTooLongError)) throw error;
        return failed(error.code, `step "${context.step.id}": ${error.message}`);
      }
    },
  };
}

/** The executor of every block. */
@Injectable()
export class StepExecutors {
  private readonly byBlock: Readonly<Record<BlockName, StepExecutor>>;

  constructor(
    assert: AssertStep,
    codeRun: CodeRunStep,
    httpRequest: HttpRequestStep,
    modelGenerate: ModelGenerateStep,
    textCompose: TextComposeStep,
    wait: WaitStep,
    wikiRead: WikiReadStep,
    wikiSearch: WikiSearchStep,
    wikiWrite: WikiWriteStep,
    workPacket: WorkPacketStep,
  ) {
    const byBlock: Record<BlockName, StepExecutor> = {
      'wiki.search': wikiSearch,
      'wiki.read': wikiRead,
      'wiki.write': wikiWrite,
      'text.compose': textCompose,
      'code.run': codeRun,
      'http.request': httpRequest,
      'model.generate': modelGenerate,
      work_packet: workPacket,
      assert,
      wait,
    };
    for (const block of Object.keys(byBlock) as BlockName[]) {
      byBlock[block] = boundingTemplates(byBlock[block]);
    }
    this.byBlock = byBlock;
  }

  of(block: BlockName): StepExecutor {
    return this.byBlock[block];
  }
}
