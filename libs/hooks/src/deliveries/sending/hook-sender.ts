import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  closeDispatcher,
  createGuardedDispatcher,
  isOutboundRefusal,
  type OutboundPolicy,
  OutboundRefusal,
  parseOutboundUrl,
  resolveDialable,
} from '@cw/outbound';
import { type Dispatcher, request } from 'undici';
import { HooksConfig } from '../../hooks.config';
import type { SendResult } from '../attempt-outcome';
import { HOOKS_RESOLVER, type HooksResolver } from './outbound-resolver';

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** Bytes of a receiver's answer read (and thrown away) so the connection can be reused. */
const ANSWER_READ_LIMIT = 64 * 1024;

function isTimeout(error: unknown): boolean {
  const { name, code } = error as { name?: string; code?: string };
  return name === 'TimeoutError' || name === 'AbortError' || TIMEOUT_CODES.has(code ?? '');
}

/**
 * POSTs one attempt to a receiver. The address is checked again before every send (the rules
 * may refuse today what they accepted at registration), the connection dials only an address
 * its own DNS lookup checked (a rebinding answer never connects), redirects are never followed,
 * and the answer must come within `HOOKS_TIMEOUT_MS`. Failures are reduced to sanitized kinds.
 */
@Injectable()
export class HookSender implements OnModuleDestroy {
  private readonly policy: OutboundPolicy;
  private readonly dispatcher: Dispatcher;
  private readonly timeoutMs: number;

  constructor(
    config: HooksConfig,
    @Inject(HOOKS_RESOLVER) private readonly resolve: HooksResolver,
  ) {
    this.policy = { allowLoopback: config.allowLoopback };
    this.timeoutMs = config.HOOKS_TIMEOUT_MS;
    this.dispatcher = createGuardedDispatcher({
      policy: this.policy,
      resolve,
      timeoutMs: this.timeoutMs,
      connections: config.HOOKS_CONCURRENCY,
    });
  }

  async onModuleDestroy(): Promise<void> {
    // Every send has its own deadline: none needs longer than that to finish.
    await closeDispatcher(this.dispatcher, this.timeoutMs);
  }

  async send(target: string, headers: Record<string, string>, body: Buffer): Promise<SendResult> {
    let url: URL;
    try {
      url = parseOutboundUrl(target, this.policy);
    } catch (error) {
      if (error instanceof OutboundRefusal) return { kind: 'blocked' };
      throw error;
    }
    try {
      await resolveDialable(url, this.policy, this.resolve);
    } catch (error) {
      if (!(error instanceof OutboundRefusal)) throw error;
      // A name that does not resolve now may resolve later; a refused address stays refused.
      return error.addressClass ? { kind: 'blocked' } : { kind: 'request_error' };
    }
    // One deadline for the whole attempt, cleared when it ends: `AbortSignal.timeout` would leave
    // a timer behind for every attempt until its deadline, thousands at full speed.
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new DOMException('hook attempt deadline', 'TimeoutError')),
      this.timeoutMs,
    );
    try {
      const response = await request(url, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'user-agent': 'company-wiki-report-hooks/1',
        },
        body,
        dispatcher: this.dispatcher,
        signal: deadline.signal,
      });
      // The status settles the attempt; a slow or endless answer body changes nothing.
      await response.body.dump({ limit: ANSWER_READ_LIMIT }).catch(() => undefined);
      return { kind: 'answered', status: response.statusCode };
    } catch (error) {
      if (isOutboundRefusal(error)) return { kind: 'blocked' };
      if (isTimeout(error)) return { kind: 'timeout' };
      return { kind: 'request_error' };
    } finally {
      clearTimeout(timer);
    }
  }
}
