import type { DeliveryState } from '../hooks-schema';
import type { DeliveryRecord } from './delivery-records';

/** A delivery as its hook's owner reads it (the failure code is sanitized when recorded). */
export interface DeliveryView {
  id: string;
  hook_id: string;
  report_id: string;
  state: DeliveryState;
  attempts: number;
  replay_count: number;
  created_at: string;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  failure_reason: string | null;
}

export interface DeliveryListView {
  deliveries: DeliveryView[];
  /** Pass as `offset` for the next window; null at the end. */
  next_offset: number | null;
}

const iso = (date: Date | null): string | null => (date ? new Date(date).toISOString() : null);

export function deliveryView(delivery: DeliveryRecord): DeliveryView {
  return {
    id: delivery.id,
    hook_id: delivery.hookId,
    report_id: delivery.reportId,
    state: delivery.state,
    attempts: delivery.attempts,
    replay_count: delivery.replayCount,
    created_at: new Date(delivery.createdAt).toISOString(),
    last_attempt_at: iso(delivery.lastAttemptAt),
    next_attempt_at: iso(delivery.nextAttemptAt),
    delivered_at: iso(delivery.deliveredAt),
    failure_reason: delivery.failureReason,
  };
}
