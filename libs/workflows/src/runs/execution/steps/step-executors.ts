import { Injectable } from '@nestjs/common';
import type { BlockName } from '../../../blocks/block-catalog';
import { AssertStep } from './assert.step';
import { CodeRunStep } from './code-run.step';
import { HttpRequestStep } from './http-request.step';
import { ModelGenerateStep } from './model-generate.step';
import type { StepExecutor } from './step-executor';
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
    this.byBlock = {
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
  }

  of(block: BlockName): StepExecutor {
    return this.byBlock[block];
  }
}
