import { Injectable } from '@nestjs/common';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { createModelClient, type ModelClient } from '../../../common/model/model-client';
import { WorkflowsConfig } from '../../../workflows.config';
import {
  completed,
  failed,
  renderField,
  type StepContext,
  type StepExecutor,
  type StepOutcome,
} from './step-executor';

/** `model.generate`: the configured OpenAI-compatible provider's answer to the prompt. */
@Injectable()
export class ModelGenerateStep implements StepExecutor {
  private readonly client?: ModelClient;

  constructor(private readonly config: WorkflowsConfig) {
    if (config.MODEL_PROVIDER_URL && config.MODEL_NAME) {
      this.client = createModelClient({
        baseURL: config.MODEL_PROVIDER_URL,
        apiKey: config.MODEL_PROVIDER_API_KEY,
        timeoutMs: config.MODEL_TIMEOUT_MS,
      });
    }
  }

  async execute(context: StepContext): Promise<StepOutcome> {
    if (!this.client || !this.config.MODEL_NAME) {
      return failed(
        'capability_gap',
        'No model provider is configured (MODEL_PROVIDER_URL and MODEL_NAME).',
      );
    }
    const { system, max_tokens } = context.step;
    const messages: ChatCompletionMessageParam[] = [];
    if (typeof system === 'string') messages.push({ role: 'system', content: system });
    messages.push({ role: 'user', content: renderField(context, 'prompt') });
    try {
      const answer = await this.client.chat.completions.create({
        model: this.config.MODEL_NAME,
        messages,
        ...(typeof max_tokens === 'number' ? { max_tokens } : {}),
      });
      return completed(answer.choices[0]?.message.content ?? '');
    } catch (error) {
      return failed('model_failed', (error as Error).message);
    }
  }
}
