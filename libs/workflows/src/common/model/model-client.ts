import type OpenAI from 'openai';

export type ModelClient = OpenAI;

export interface ModelClientOptions {
  baseURL: string;
  apiKey?: string;
  timeoutMs: number;
  maxRetries?: number;
}

/**
 * A client of the configured OpenAI-compatible provider. The SDK (some 230 modules, ~15 MB of a
 * process's memory) is loaded on the first call, so a process with no provider configured, and
 * the services that only load this library for its read APIs, never load it.
 */
export function createModelClient(options: ModelClientOptions): ModelClient {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when a provider is configured
  const { OpenAI: OpenAIClient } = require('openai') as typeof import('openai');
  return new OpenAIClient({
    baseURL: options.baseURL,
    apiKey: options.apiKey ?? 'none',
    timeout: options.timeoutMs,
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
  });
}
