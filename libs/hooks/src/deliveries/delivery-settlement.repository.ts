import { Injectable } from '@nestjs/common';
import { all, type HooksTables, rawQuery, type StatementRunner } from '@cw/db';
import { type ExpressionBuilder, type NotNull, sql } from 'kysely';
import { hooksDb } from '../hooks-schema';
import type { FailureReason } from './attempt-outcome';
import {
  type AttemptRef,
  attemptKey,
  DUE_SELECTION,
  type DueAttempt,
  stillPending,
} from './delivery-records';

/** How an attempt settled, as the row records it. */
export type RecordedSettlement =
  | { state: 'delivered' }
  | { state: 'pending'; failureReason: FailureReason; retryInSeconds: number }
  | { state: 'failed'; failureReason: FailureReason; networkAttempt: boolean };

/** Why a pending delivery was cancelled (shown as its `failure_reason`). */
export type CancelReason = 'hook_ended' | 'report_unavailable';

type Deliveries = ExpressionBuilder<HooksTables, 'hooks.deliveries'>;

/** Only while the delivery still waits for this attempt: a stale worker's result changes nothing. */
const attemptFence = (attempt: AttemptRef) => (eb: Deliveries) =>
  eb.and([
    eb('id', '=', attempt.deliveryId),
    eb('attempt_number', '=', attempt.attemptNumber),
    stillPending('state'),
  ]);

/**
 * Hand-written: many attempts recorded as delivered in one statement, each fenced on its own
 * attempt number (the builder cannot join a list of tuples in an UPDATE; `$1` is used twice).
 */
const SETTLE_DELIVERED = `
  UPDATE hooks.deliveries d
     SET state = 'delivered', attempts = d.attempts + 1,
         round_attempts = d.round_attempts + 1, last_attempt_at = w.attempted_at,
         delivered_at = now(), next_attempt_at = NULL, failure_reason = NULL
    FROM (SELECT DISTINCT ON (id, attempt_number) *
            FROM unnest($1::uuid[], $2::int[], $3::timestamptz[])
                 AS w (id, attempt_number, attempted_at)) w
   WHERE d.id = ANY($1::uuid[]) AND d.id = w.id AND d.attempt_number = w.attempt_number
     AND (d.state = 'pending') IS TRUE
   RETURNING d.id AS "deliveryId", w.attempt_number AS "attemptNumber"`;

const NULL = sql<null>`NULL`;

const plusOne = (column: 'attempts' | 'round_attempts' | 'attempt_number') =>
  sql<number>`${sql.ref(column)} + 1`;

const settledAttempt = (attempt: AttemptRef) =>
  hooksDb.updateTable('hooks.deliveries').where(attemptFence(attempt));

// The writes of every attempt's result run prepared (`{ prepared: true }`): planned once per
// connection. Their texts do not change with their arguments.
export const deliverySettlementStatements = {
  settleDelivered: (attempts: readonly (AttemptRef & { attemptedAt: Date })[]) =>
    rawQuery<AttemptRef>(SETTLE_DELIVERED, [
      attempts.map((each) => each.deliveryId),
      attempts.map((each) => each.attemptNumber),
      attempts.map((each) => each.attemptedAt),
    ]),

  settleForRetry: (
    attempt: AttemptRef,
    attemptedAt: Date,
    retryInSeconds: number,
    failureReason: FailureReason,
  ) =>
    settledAttempt(attempt)
      .set({
        attempts: plusOne('attempts'),
        round_attempts: plusOne('round_attempts'),
        attempt_number: plusOne('attempt_number'),
        last_attempt_at: attemptedAt,
        next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryInSeconds})`,
        failure_reason: failureReason,
      })
      .returning(DUE_SELECTION)
      .$narrowType<{ nextAttemptAt: NotNull }>(),

  /** Failed for good; a refusal before any request (`networkAttempt` false) counts no attempt. */
  settleFailed: (
    attempt: AttemptRef,
    attemptedAt: Date,
    failureReason: FailureReason,
    networkAttempt: boolean,
  ) =>
    settledAttempt(attempt)
      .set({ state: sql.lit('failed'), next_attempt_at: NULL, failure_reason: failureReason })
      .$if(networkAttempt, (update) =>
        update.set({
          attempts: plusOne('attempts'),
          round_attempts: plusOne('round_attempts'),
          last_attempt_at: attemptedAt,
        }),
      )
      .returning('id'),

  cancelAttempt: (attempt: AttemptRef, reason: CancelReason) =>
    settledAttempt(attempt)
      .set({ state: sql.lit('cancelled'), next_attempt_at: NULL, failure_reason: reason })
      .returning('id'),
};

const statements = deliverySettlementStatements;
const hot = { prepared: true };

/** `hooks.deliveries` as attempts end: each result recorded, fenced on its attempt number. */
@Injectable()
export class DeliverySettlementRepository {
  /**
   * Records many attempts as delivered in one statement, each only while its delivery still
   * waits for that attempt number (as `settle` does one); answers the `attemptKey`s recorded.
   */
  async settleDelivered(
    runner: StatementRunner,
    attempts: readonly (AttemptRef & { attemptedAt: Date })[],
  ): Promise<Set<string>> {
    const rows = await all(runner, statements.settleDelivered(attempts), hot);
    return new Set(rows.map(attemptKey));
  }

  /**
   * Records how attempt `attemptNumber` settled, only while the delivery still waits for that
   * attempt (a stale worker's result changes nothing: false). A retry moves the delivery on to
   * the next attempt number and answers when it is due.
   */
  async settle(
    runner: StatementRunner,
    deliveryId: string,
    attemptNumber: number,
    attemptedAt: Date,
    settlement: RecordedSettlement,
  ): Promise<{ settled: boolean; next?: DueAttempt }> {
    const attempt = { deliveryId, attemptNumber };
    switch (settlement.state) {
      case 'delivered': {
        const recorded = await this.settleDelivered(runner, [{ ...attempt, attemptedAt }]);
        return { settled: recorded.size > 0 };
      }
      case 'pending': {
        const { retryInSeconds, failureReason } = settlement;
        const statement = statements.settleForRetry(
          attempt,
          attemptedAt,
          retryInSeconds,
          failureReason,
        );
        const [next] = await all(runner, statement, hot);
        return { settled: next !== undefined, next };
      }
      case 'failed': {
        const { failureReason, networkAttempt } = settlement;
        const statement = statements.settleFailed(
          attempt,
          attemptedAt,
          failureReason,
          networkAttempt,
        );
        return { settled: (await all(runner, statement)).length > 0 };
      }
    }
  }

  /** Cancels one attempt's delivery, fenced like a result. */
  async cancelAttempt(
    runner: StatementRunner,
    deliveryId: string,
    attemptNumber: number,
    reason: CancelReason,
  ): Promise<boolean> {
    const statement = statements.cancelAttempt({ deliveryId, attemptNumber }, reason);
    return (await all(runner, statement, hot)).length > 0;
  }
}
