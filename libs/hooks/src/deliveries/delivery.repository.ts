import { Injectable } from '@nestjs/common';
import { prepared } from '@cw/db';
import { groupBy } from '@cw/platform';
import type { DeliveryReceipt } from '@cw/workflows';
import { DataSource, type EntityManager } from 'typeorm';
import type { HookOwner } from '../registration/hook.repository';
import type { HookCredentialKind, HookKind, HookState } from '../registration/entities/hook.entity';
import type { FailureReason } from './attempt-outcome';
import type { Delivery } from './entities/delivery.entity';

export type DeliveryRecord = Pick<
  Delivery,
  | 'id'
  | 'hookId'
  | 'reportId'
  | 'state'
  | 'attempts'
  | 'replayCount'
  | 'attemptNumber'
  | 'createdAt'
  | 'lastAttemptAt'
  | 'nextAttemptAt'
  | 'deliveredAt'
  | 'failureReason'
>;

/** One attempt to make: the delivery, its hook and the hook's sealed key. */
export interface AttemptRecord {
  deliveryId: string;
  reportId: string;
  attemptNumber: number;
  roundAttempts: number;
  hook: {
    id: string;
    kind: HookKind;
    companyId: string;
    ownerId: string;
    credentialKind: HookCredentialKind;
    credentialId: string;
    targetUrl: string;
    signed: boolean;
    state: HookState;
  };
  key: { id: string; ciphertext: Buffer; encryptionKeyId: string } | null;
}

/** An attempt a queue job is (or should be) waiting for. */
export interface DueAttempt {
  deliveryId: string;
  attemptNumber: number;
  nextAttemptAt: Date;
}

/** How an attempt settled, as the row records it. */
export type RecordedSettlement =
  | { state: 'delivered' }
  | { state: 'pending'; failureReason: FailureReason; retryInSeconds: number }
  | { state: 'failed'; failureReason: FailureReason; networkAttempt: boolean };

/** Why a pending delivery was cancelled (shown as its `failure_reason`). */
export type CancelReason = 'hook_ended' | 'report_unavailable';

/** One attempt of one delivery. */
export interface AttemptRef {
  deliveryId: string;
  attemptNumber: number;
}

/** How batched reads and writes of attempts name each one. */
export function attemptKey({ deliveryId, attemptNumber }: AttemptRef): string {
  return `${deliveryId}:${attemptNumber}`;
}

const DELIVERY_COLUMNS = `id, hook_id AS "hookId", report_id AS "reportId", state, attempts,
  replay_count AS "replayCount", attempt_number AS "attemptNumber", created_at AS "createdAt",
  last_attempt_at AS "lastAttemptAt", next_attempt_at AS "nextAttemptAt",
  delivered_at AS "deliveredAt", failure_reason AS "failureReason"`;

const DUE_COLUMNS = `id AS "deliveryId", attempt_number AS "attemptNumber",
  next_attempt_at AS "nextAttemptAt"`;

/**
 * `state = 'pending'` for statements that look up particular deliveries. Written plainly, the
 * planner may answer it from `deliveries_due_idx`, the partial index of pending rows, and read
 * every pending delivery to find the few it wants: it does whenever its statistics were taken
 * while few were pending, as at the start of every burst (with 1,000 waiting, each attempt's
 * read and write went through all 1,000). `IS TRUE` keeps the meaning (the column is never
 * null) and hides the predicate from that index, so these statements go by primary key.
 */
const isPending = (alias: string) => `(${alias}.state = 'pending') IS TRUE`;

/** Only while the delivery still waits for attempt `$2`: a stale worker's result changes nothing. */
const ATTEMPT_FENCE = `WHERE id = $1 AND attempt_number = $2 AND ${isPending('deliveries')}`;

// The statements of every delivery attempt, prepared (`prepared()`): planned once per connection.

const PENDING_ATTEMPTS_OF_IDS = prepared(`
  SELECT d.id AS "deliveryId", d.report_id AS "reportId",
         d.attempt_number AS "attemptNumber", d.round_attempts AS "roundAttempts",
         h.id AS "hookId", h.kind, h.company_id AS "companyId", h.owner_id AS "ownerId",
         h.credential_kind AS "credentialKind", h.credential_id AS "credentialId",
         h.target_url AS "targetUrl", h.signed, h.state AS "hookState",
         k.id AS "keyId", k.ciphertext, k.encryption_key_id AS "encryptionKeyId"
    FROM hooks.deliveries d
    JOIN hooks.hooks h ON h.id = d.hook_id
    LEFT JOIN hooks.signing_keys k ON k.hook_id = h.id
   WHERE d.id = ANY($1::uuid[]) AND ${isPending('d')}`);

const SETTLE_DELIVERED = prepared(`
  UPDATE hooks.deliveries d
     SET state = 'delivered', attempts = d.attempts + 1,
         round_attempts = d.round_attempts + 1, last_attempt_at = w.attempted_at,
         delivered_at = now(), next_attempt_at = NULL, failure_reason = NULL
    FROM (SELECT DISTINCT ON (id, attempt_number) *
            FROM unnest($1::uuid[], $2::int[], $3::timestamptz[])
                 AS w (id, attempt_number, attempted_at)) w
   WHERE d.id = ANY($1::uuid[]) AND d.id = w.id AND d.attempt_number = w.attempt_number
     AND ${isPending('d')}
   RETURNING d.id AS "deliveryId", w.attempt_number AS "attemptNumber"`);

const SETTLE_FOR_RETRY = prepared(`
  UPDATE hooks.deliveries
     SET attempts = attempts + 1, round_attempts = round_attempts + 1,
         attempt_number = attempt_number + 1, last_attempt_at = $3,
         next_attempt_at = now() + make_interval(secs => $4), failure_reason = $5
   ${ATTEMPT_FENCE} RETURNING ${DUE_COLUMNS}`);

const CANCEL_ATTEMPT = prepared(`
  UPDATE hooks.deliveries
     SET state = 'cancelled', next_attempt_at = NULL, failure_reason = $3
   ${ATTEMPT_FENCE} RETURNING id`);

const RECEIPTS_OF_REPORTS = prepared(`
  WITH d AS MATERIALIZED (
    SELECT report_id, hook_id, id, state, delivered_at, created_at
      FROM hooks.deliveries WHERE report_id = ANY($1::uuid[]))
  SELECT d.report_id, d.hook_id, d.id AS delivery_id, d.state,
         to_char(d.delivered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
           AS delivered_at
    FROM d JOIN hooks.hooks h ON h.id = d.hook_id
   WHERE h.owner_id = $2 AND h.company_id = $3
   ORDER BY d.report_id, d.created_at, d.id`);

interface AttemptRow {
  deliveryId: string;
  reportId: string;
  attemptNumber: number;
  roundAttempts: number;
  hookId: string;
  kind: HookKind;
  companyId: string;
  ownerId: string;
  credentialKind: HookCredentialKind;
  credentialId: string;
  targetUrl: string;
  signed: boolean;
  hookState: HookState;
  keyId: string | null;
  ciphertext: Buffer | null;
  encryptionKeyId: string | null;
}

/** `hooks.deliveries`. Every write of an attempt's result is fenced on its attempt number. */
@Injectable()
export class DeliveryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One pending delivery per hook for the report; hooks that already have one keep theirs. */
  async insertForReport(
    manager: EntityManager,
    hookIds: readonly string[],
    reportId: string,
  ): Promise<void> {
    if (hookIds.length === 0) return;
    await manager.query(
      `INSERT INTO hooks.deliveries (hook_id, report_id, next_attempt_at)
       SELECT hook_id, $2, now() FROM unnest($1::uuid[]) AS hook_id
       ON CONFLICT (hook_id, report_id) DO NOTHING`,
      [hookIds, reportId],
    );
  }

  /** The pending deliveries of the report to these hooks, with the attempt each waits for. */
  pendingForReport(reportId: string, hookIds: readonly string[]): Promise<DueAttempt[]> {
    if (hookIds.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT ${DUE_COLUMNS} FROM hooks.deliveries
        WHERE report_id = $1 AND hook_id = ANY($2::uuid[]) AND ${isPending('deliveries')}`,
      [reportId, hookIds],
    );
  }

  /**
   * The attempts among `wanted` whose delivery is still pending and still waits for that attempt
   * number, by `attemptKey`: one statement for many.
   */
  async findAttempts(wanted: readonly AttemptRef[]): Promise<Map<string, AttemptRecord>> {
    // Rows by id alone and the attempt numbers compared here: joining the wanted pairs in SQL
    // took the statement twice as long to plan and to run (docs/benchmarks.md, "Hot statements go
    // by key, whatever the statistics say").
    const wantedKeys = new Set(wanted.map(attemptKey));
    const rows: AttemptRow[] = await this.dataSource.query(PENDING_ATTEMPTS_OF_IDS, [
      wanted.map((each) => each.deliveryId),
    ]);
    return new Map(
      rows
        .filter((row) => wantedKeys.has(attemptKey(row)))
        .map((row) => [attemptKey(row), attemptRecord(row)]),
    );
  }

  /**
   * Records many attempts as delivered in one statement, each only while its delivery still
   * waits for that attempt number (as `settle` does one); answers the `attemptKey`s recorded.
   */
  async settleDelivered(
    manager: EntityManager,
    attempts: readonly (AttemptRef & { attemptedAt: Date })[],
  ): Promise<Set<string>> {
    const [rows]: [AttemptRef[], number] = await manager.query(SETTLE_DELIVERED, [
      attempts.map((each) => each.deliveryId),
      attempts.map((each) => each.attemptNumber),
      attempts.map((each) => each.attemptedAt),
    ]);
    return new Set(rows.map(attemptKey));
  }

  /**
   * Records how attempt `attemptNumber` settled, only while the delivery still waits for that
   * attempt (a stale worker's result changes nothing: false). A retry moves the delivery on to
   * the next attempt number and answers when it is due.
   */
  async settle(
    manager: EntityManager,
    deliveryId: string,
    attemptNumber: number,
    attemptedAt: Date,
    settlement: RecordedSettlement,
  ): Promise<{ settled: boolean; next?: DueAttempt }> {
    let rows: DueAttempt[];
    switch (settlement.state) {
      case 'delivered': {
        const recorded = await this.settleDelivered(manager, [
          { deliveryId, attemptNumber, attemptedAt },
        ]);
        return { settled: recorded.size > 0 };
      }
      case 'pending':
        [rows] = await manager.query(SETTLE_FOR_RETRY, [
          deliveryId,
          attemptNumber,
          attemptedAt,
          settlement.retryInSeconds,
          settlement.failureReason,
        ]);
        return { settled: rows.length > 0, next: rows[0] };
      case 'failed': {
        const counted = settlement.networkAttempt ? 1 : 0;
        [rows] = await manager.query(
          `UPDATE hooks.deliveries
              SET state = 'failed', attempts = attempts + $4, round_attempts = round_attempts + $4,
                  last_attempt_at = CASE WHEN $4 = 1 THEN $3 ELSE last_attempt_at END,
                  next_attempt_at = NULL, failure_reason = $5
            ${ATTEMPT_FENCE} RETURNING ${DUE_COLUMNS}`,
          [deliveryId, attemptNumber, attemptedAt, counted, settlement.failureReason],
        );
        return { settled: rows.length > 0 };
      }
    }
  }

  /** Cancels one attempt's delivery, fenced like a result. */
  async cancelAttempt(
    manager: EntityManager,
    deliveryId: string,
    attemptNumber: number,
    reason: CancelReason,
  ): Promise<boolean> {
    const [rows]: [unknown[], number] = await manager.query(CANCEL_ATTEMPT, [
      deliveryId,
      attemptNumber,
      reason,
    ]);
    return rows.length > 0;
  }

  /** Cancels every pending delivery of an ended hook. */
  async cancelPendingOfHook(manager: EntityManager, hookId: string): Promise<void> {
    await manager.query(
      `UPDATE hooks.deliveries
          SET state = 'cancelled', next_attempt_at = NULL, failure_reason = 'hook_ended'
        WHERE hook_id = $1 AND state = 'pending'`,
      [hookId],
    );
  }

  /** A window of the hook's deliveries, newest first (`limit + 1` rows tell whether more follow). */
  listOfHook(hookId: string, limit: number, offset: number): Promise<DeliveryRecord[]> {
    return this.dataSource.query(
      `SELECT ${DELIVERY_COLUMNS} FROM hooks.deliveries WHERE hook_id = $1
        ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [hookId, limit + 1, offset],
    );
  }

  async findOfHook(
    hookId: string,
    deliveryId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<DeliveryRecord | null> {
    const [row]: DeliveryRecord[] = await manager.query(
      `SELECT ${DELIVERY_COLUMNS} FROM hooks.deliveries WHERE id = $1 AND hook_id = $2`,
      [deliveryId, hookId],
    );
    return row ?? null;
  }

  /**
   * A replay as compare-and-swap on `replay_count`: a failed delivery whose count is still
   * `observed` goes back to pending with a fresh round of attempts and the next attempt number.
   * Null when the count moved on or the state is not `failed`.
   */
  async replay(
    manager: EntityManager,
    hookId: string,
    deliveryId: string,
    observed: number,
  ): Promise<DeliveryRecord | null> {
    const [rows]: [DeliveryRecord[], number] = await manager.query(
      `UPDATE hooks.deliveries
          SET replay_count = replay_count + 1, round_attempts = 0,
              attempt_number = attempt_number + 1, state = 'pending', next_attempt_at = now()
        WHERE id = $1 AND hook_id = $2 AND replay_count = $3 AND state = 'failed'
        RETURNING ${DELIVERY_COLUMNS}`,
      [deliveryId, hookId, observed],
    );
    return rows[0] ?? null;
  }

  /** Pending attempts due more than `graceSeconds` ago: their job may have been lost. */
  findOverdue(graceSeconds: number, limit: number, offset = 0): Promise<DueAttempt[]> {
    return this.dataSource.query(
      `SELECT ${DUE_COLUMNS} FROM hooks.deliveries
        WHERE state = 'pending' AND next_attempt_at < now() - make_interval(secs => $1)
        ORDER BY next_attempt_at, id LIMIT $2 OFFSET $3`,
      [graceSeconds, limit, offset],
    );
  }

  /**
   * The deliveries of a report to its reader's own hooks, oldest first. The reports' deliveries
   * (a few each) are found first and then whose hooks they are; left to choose, the planner went
   * the other way whenever its statistics were younger than the table, and read every delivery a
   * subscription ever had to find these (18,000 rows for 64 in the hooks benchmark).
   */
  async receiptsOf(
    owner: HookOwner,
    reportIds: readonly string[],
  ): Promise<Map<string, DeliveryReceipt[]>> {
    if (reportIds.length === 0) return new Map();
    const rows: (DeliveryReceipt & { report_id: string })[] = await this.dataSource.query(
      RECEIPTS_OF_REPORTS,
      [reportIds, owner.personId, owner.companyId],
    );
    return groupBy(
      rows,
      (row) => row.report_id,
      ({ report_id: _reportId, ...receipt }) => receipt,
    );
  }
}

function attemptRecord(row: AttemptRow): AttemptRecord {
  return {
    deliveryId: row.deliveryId,
    reportId: row.reportId,
    attemptNumber: row.attemptNumber,
    roundAttempts: row.roundAttempts,
    hook: {
      id: row.hookId,
      kind: row.kind,
      companyId: row.companyId,
      ownerId: row.ownerId,
      credentialKind: row.credentialKind,
      credentialId: row.credentialId,
      targetUrl: row.targetUrl,
      signed: row.signed,
      state: row.hookState,
    },
    key:
      row.keyId && row.ciphertext && row.encryptionKeyId
        ? { id: row.keyId, ciphertext: row.ciphertext, encryptionKeyId: row.encryptionKeyId }
        : null,
  };
}
