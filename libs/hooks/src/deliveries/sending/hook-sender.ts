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
import type { Dispatcher } from 'undici';
import { HooksConfig } from '../../hooks.config';
import type { SendResult } from '../attempt-outcome';
import { HOOKS_RESOLVER, type HooksResolver } from './outbound-resolver';
import { postForStatus } from './post-for-status';

/** Bytes of a receiver's answer read (and thrown away) so the connection can be reused. */
const ANSWER_READ_LIMIT = 64 * 1024;

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
    const outcome = await postForStatus(this.dispatcher, {
      url,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'user-agent': 'company-wiki-report-hooks/1',
      },
      body,
      timeoutMs: this.timeoutMs,
      answerReadLimit: ANSWER_READ_LIMIT,
    });
    switch (outcome.kind) {
      case 'answered':
      case 'timeout':
        return outcome;
      case 'failed':
        return isOutboundRefusal(outcome.error) ? { kind: 'blocked' } : { kind: 'request_error' };
    }
  }
}
