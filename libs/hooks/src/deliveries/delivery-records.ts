import type { CamelRow } from '@cw/db';
import { sql } from 'kysely';
import type { HooksDeliveries } from '../hooks-schema';

/** The columns of a delivery record, as the migration names them. */
export const DELIVERY_COLUMNS = [
  'id',
  'hook_id',
  'report_id',
  'state',
  'attempts',
  'replay_count',
  'attempt_number',
  'created_at',
  'last_attempt_at',
  'next_attempt_at',
  'delivered_at',
  'failure_reason',
] as const;

export type DeliveryRecord = CamelRow<HooksDeliveries, (typeof DELIVERY_COLUMNS)[number]>;

/** An attempt a queue job is (or should be) waiting for. */
export interface DueAttempt {
  deliveryId: string;
  attemptNumber: number;
  nextAttemptAt: Date;
}

/**
 * How a due attempt is selected. `next_attempt_at` is set on every pending row (the table's
 * check), so its type is narrowed where the rows are pending.
 */
export const DUE_SELECTION = [
  'id as deliveryId',
  'attempt_number as attemptNumber',
  'next_attempt_at as nextAttemptAt',
] as const;

/** One attempt of one delivery. */
export interface AttemptRef {
  deliveryId: string;
  attemptNumber: number;
}

/** How batched reads and writes of attempts name each one. */
export function attemptKey({ deliveryId, attemptNumber }: AttemptRef): string {
  return `${deliveryId}:${attemptNumber}`;
}

/**
 * `state = 'pending'` for statements that look up particular deliveries. Written plainly, the
 * planner may answer it from `deliveries_due_idx`, the partial index of pending rows, and read
 * every pending delivery to find the few it wants: it does whenever its statistics were taken
 * while few were pending, as at the start of every burst (with 1,000 waiting, each attempt's
 * read and write went through all 1,000). `IS TRUE` keeps the meaning (the column is never
 * null) and hides the predicate from that index, so these statements go by primary key.
 */
export const stillPending = (state: string) =>
  sql<boolean>`(${sql.ref(state)} = 'pending') IS TRUE`;
