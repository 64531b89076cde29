import { Inject, Injectable } from '@nestjs/common';
import { checkOutboundUrl, OutboundRefusal, type OutboundPolicy } from '@cw/outbound';
import { HOOKS_RESOLVER, type HooksResolver } from '../deliveries/sending/outbound-resolver';
import { refusedAddress } from '../errors/hooks-errors';
import { HooksConfig } from '../hooks.config';

/**
 * A receiver address as registration accepts it: public https only (plus `http:` and loopback
 * under the test switch), every address its name resolves to public. Refusals are 422
 * VALIDATION_ERROR naming the field; the accepted address is kept in its canonical form.
 */
@Injectable()
export class HookTarget {
  private readonly policy: OutboundPolicy;

  constructor(
    config: HooksConfig,
    @Inject(HOOKS_RESOLVER) private readonly resolve: HooksResolver,
  ) {
    this.policy = { allowLoopback: config.allowLoopback };
  }

  async check(field: string, address: string): Promise<string> {
    try {
      return (await checkOutboundUrl(address, this.policy, this.resolve)).url.href;
    } catch (error) {
      if (error instanceof OutboundRefusal) throw refusedAddress(field, error.reason);
      throw error;
    }
  }
}
