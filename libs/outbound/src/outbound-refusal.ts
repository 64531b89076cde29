import type { AddressClass } from './address-class';

export const OUTBOUND_BLOCKED = 'ERR_OUTBOUND_BLOCKED';

/**
 * An outbound address the rules refuse. `reason` is safe to show the person who registered the
 * address; it never echoes what the resolver answered beyond the address class.
 */
export class OutboundRefusal extends Error {
  readonly code = OUTBOUND_BLOCKED;

  constructor(
    readonly reason: string,
    readonly addressClass?: AddressClass,
  ) {
    super(reason);
    this.name = 'OutboundRefusal';
  }
}

/** True for a refusal, also when an HTTP client wrapped it as the cause of its own error. */
export function isOutboundRefusal(error: unknown): error is OutboundRefusal {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === OUTBOUND_BLOCKED) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
