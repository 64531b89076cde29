import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  checkOutboundUrl,
  closeDispatcher,
  createGuardedDispatcher,
  OutboundRefusal,
} from '@cw/outbound';
import { type Dispatcher, request } from 'undici';
import { WorkflowsConfig } from '../../../workflows.config';
import {
  completed,
  failed,
  renderField,
  type StepContext,
  type StepExecutor,
  type StepOutcome,
} from './step-executor';

const TIMEOUT_MS = 30_000;
const MAX_BODY_BYTES = 1024 * 1024;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function readCapped(body: Dispatcher.ResponseData['body']): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) {
      body.destroy();
      return null;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parsedBody(text: string, contentType: string | undefined): unknown {
  if (!contentType?.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * `http.request`: one request to an address the hooks' rules allow (checked before the send and
 * again by the dispatcher's DNS lookup on connect), no redirects, the answer's body capped.
 */
@Injectable()
export class HttpRequestStep implements StepExecutor, OnModuleDestroy {
  private readonly dispatcher: Dispatcher;
  private readonly policy: { allowLoopback: boolean };

  constructor(config: WorkflowsConfig) {
    this.policy = { allowLoopback: config.allowLoopback };
    this.dispatcher = createGuardedDispatcher({ policy: this.policy, timeoutMs: TIMEOUT_MS });
  }

  async onModuleDestroy(): Promise<void> {
    // Every request has its own deadline: none needs longer than that to finish.
    await closeDispatcher(this.dispatcher, TIMEOUT_MS);
  }

  async execute(context: StepContext): Promise<StepOutcome> {
    const { method, headers } = context.step;
    let url: URL;
    try {
      ({ url } = await checkOutboundUrl(renderField(context, 'url'), this.policy));
    } catch (error) {
      if (error instanceof OutboundRefusal) return failed('address_refused', error.message);
      throw error;
    }
    const body = context.step.body === undefined ? undefined : renderField(context, 'body');
    try {
      const response = await request(url, {
        method: (method as Method | undefined) ?? 'GET',
        headers: headers as Record<string, string> | undefined,
        body,
        dispatcher: this.dispatcher,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await readCapped(response.body);
      if (text === null) {
        return failed('response_too_large', `The answer's body is over ${MAX_BODY_BYTES} bytes.`);
      }
      const contentType = response.headers['content-type'];
      return completed({
        status: response.statusCode,
        headers: response.headers,
        body: parsedBody(text, typeof contentType === 'string' ? contentType : undefined),
      });
    } catch (error) {
      if (error instanceof OutboundRefusal) return failed('address_refused', error.message);
      return failed('request_failed', (error as Error).message);
    }
  }
}
