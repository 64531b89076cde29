import { withinDeadline } from '@cw/platform';

/** A round trip on the subscription that has not come back within this is a failed check. */
const CHECK_TIMEOUT_MS = 1000;
/** Without a confirmed check this recent, the subscription vouches for nothing. */
export const CONFIRMATION_FRESH_MS = 3000;

/**
 * Whether a pub/sub subscription can vouch that it received every message published before a
 * given moment. A round trip on the subscriber connection (`confirm`) comes back after every
 * message queued for it before; a broken connection (`broken`) may have lost messages, so it
 * vouches again only for what happens after the first round trip that follows.
 */
export class DeliveryCheck {
  private generation = 0;
  /** When the first confirmation after the last break came back. */
  private unbrokenSince = Number.POSITIVE_INFINITY;
  /** When the latest confirmed round trip was sent. */
  private confirmedAt = Number.NEGATIVE_INFINITY;
  private checking = false;

  broken(): void {
    this.generation += 1;
    this.unbrokenSince = Number.POSITIVE_INFINITY;
    this.confirmedAt = Number.NEGATIVE_INFINITY;
  }

  async confirm(roundTrip: () => Promise<unknown>): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    const generation = this.generation;
    const sentAt = Date.now();
    try {
      await withinDeadline(roundTrip(), CHECK_TIMEOUT_MS);
      if (generation !== this.generation) return;
      this.confirmedAt = Math.max(this.confirmedAt, sentAt);
      if (this.unbrokenSince === Number.POSITIVE_INFINITY) this.unbrokenSince = Date.now();
    } catch {
      // Unanswered: the last confirmation ages until the subscription vouches for nothing.
    } finally {
      this.checking = false;
    }
  }

  /** True when something read at `resolvedAt` would have been followed by every message since. */
  vouchesFor(resolvedAt: number, now: number): boolean {
    return resolvedAt >= this.unbrokenSince && now - this.confirmedAt <= CONFIRMATION_FRESH_MS;
  }
}
