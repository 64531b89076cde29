import { Injectable } from '@nestjs/common';
import { all, camelColumns, first, rawQuery, type StatementRunner } from '@cw/db';
import { DataSource } from 'typeorm';
import { feedbackDb } from '../../feedback-schema';
import type { IntakeOutcome, TriageStatus } from '../../reports/feedback-statuses';
import type { EvidenceFile } from '../evidence-file';

/** At most this many expired leases are returned to the queue by one statement. */
const EXPIRED_BATCH = 500;

/** A lease is live while its token hash matches and it has not expired; every lease statement says so. */
const LEASE_IS_LIVE = `lease_token_hash = $2 AND lease_expires_at > now()`;

export interface ClaimedRow {
  id: string;
  leaseExpiresAt: Date;
}

export type HeldAttachment = { held: false } | { held: true; file: EvidenceFile | null };

/** What an intake result set (and a retried one is answered with). */
export interface RecordedResult {
  outcome: IntakeOutcome;
  status: TriageStatus;
  pullRequestUrl: string | null;
  note: string | null;
}

/**
 * The lease statements are hand-written: each re-checks the lease with the one `LEASE_IS_LIVE`
 * text ($2 the token hash), and the claim and the sweep lock their row with `SKIP LOCKED` in a CTE.
 */
export const leaseStatements = {
  returnExpired: () =>
    rawQuery<{ id: string }>(
      `WITH expired AS (
         SELECT id, lease_token_hash FROM feedback.reports
          WHERE lease_expires_at <= now() AND status = 'in_progress'
          ORDER BY lease_expires_at LIMIT ${EXPIRED_BATCH}
          FOR UPDATE SKIP LOCKED)
       UPDATE feedback.reports r
          SET status = 'approved', lease_session_id = NULL, lease_token_hash = NULL,
              lease_expires_at = NULL, updated_at = now()
         FROM expired
        WHERE r.id = expired.id AND r.lease_token_hash = expired.lease_token_hash
       RETURNING r.id`,
      [],
    ),

  claimOldestApproved: (sessionId: string, tokenHash: Buffer, leaseSeconds: number) =>
    rawQuery<ClaimedRow>(
      `WITH next AS (
         SELECT id FROM feedback.reports WHERE status = 'approved'
          ORDER BY created_at, id LIMIT 1
          FOR UPDATE SKIP LOCKED)
       UPDATE feedback.reports r
          SET status = 'in_progress', lease_session_id = $1, lease_token_hash = $2,
              lease_expires_at = now() + make_interval(secs => $3), started_at = NULL,
              released_lease_token_hash = NULL, updated_at = now()
         FROM next WHERE r.id = next.id
       RETURNING r.id, r.lease_expires_at AS "leaseExpiresAt"`,
      [sessionId, tokenHash, leaseSeconds],
    ),

  recordPlan: (id: string, tokenHash: Buffer, plan: string) =>
    rawQuery<{ planUpdatedAt: Date; leaseExpiresAt: Date }>(
      `UPDATE feedback.reports SET plan = $3, plan_updated_at = now(), updated_at = now()
        WHERE id = $1 AND ${LEASE_IS_LIVE}
      RETURNING plan_updated_at AS "planUpdatedAt", lease_expires_at AS "leaseExpiresAt"`,
      [id, tokenHash, plan],
    ),

  renew: (id: string, tokenHash: Buffer, leaseSeconds: number) =>
    rawQuery<{ leaseExpiresAt: Date }>(
      `UPDATE feedback.reports
          SET lease_expires_at = greatest(lease_expires_at, now() + make_interval(secs => $3)),
              updated_at = now()
        WHERE id = $1 AND ${LEASE_IS_LIVE}
      RETURNING lease_expires_at AS "leaseExpiresAt"`,
      [id, tokenHash, leaseSeconds],
    ),

  recordStarted: (id: string, tokenHash: Buffer) =>
    rawQuery<{ startedAt: Date; leaseExpiresAt: Date }>(
      `UPDATE feedback.reports
          SET started_at = coalesce(started_at, now()), updated_at = now()
        WHERE id = $1 AND ${LEASE_IS_LIVE}
      RETURNING started_at AS "startedAt", lease_expires_at AS "leaseExpiresAt"`,
      [id, tokenHash],
    ),

  recordResult: (id: string, tokenHash: Buffer, change: RecordedResult) =>
    rawQuery<RecordedResult>(
      `UPDATE feedback.reports
          SET status = $3, result_outcome = $4,
              pull_request_url = coalesce($5, pull_request_url), result_note = $6,
              lease_session_id = NULL, lease_token_hash = NULL, lease_expires_at = NULL,
              released_lease_token_hash = $2, updated_at = now()
        WHERE id = $1 AND ${LEASE_IS_LIVE}
      RETURNING result_outcome AS outcome, status, pull_request_url AS "pullRequestUrl",
                result_note AS note`,
      [id, tokenHash, change.status, change.outcome, change.pullRequestUrl, change.note],
    ),

  releasedResult: (id: string, tokenHash: Buffer) =>
    feedbackDb
      .selectFrom('feedback.reports')
      .select(['result_outcome as outcome', 'status', ...camelColumns(['pull_request_url'])])
      .select('result_note as note')
      .$narrowType<{ outcome: IntakeOutcome }>()
      .where('id', '=', id)
      .where('released_lease_token_hash', '=', tokenHash),

  /** Hand-written: the file as one json column, and `FOR SHARE OF r` holds the lease's row. */
  heldAttachment: (id: string, tokenHash: Buffer, attachmentId: string) =>
    rawQuery<{ file: EvidenceFile | null }>(
      `SELECT CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object(
                'storageKey', a.storage_key, 'filename', a.filename,
                'contentType', a.content_type, 'size', a.size) END AS file
         FROM feedback.reports r
         LEFT JOIN feedback.attachments a ON a.feedback_id = r.id AND a.id = $3
        WHERE r.id = $1 AND r.lease_token_hash = $2 AND r.lease_expires_at > now()
        FOR SHARE OF r`,
      [id, tokenHash, attachmentId],
    ),
};

/**
 * The intake leases on `feedback.reports`. Each lease statement re-checks the lease in its own
 * WHERE clause: an UPDATE evaluates it again under the row lock, so a holder whose lease
 * expired, was released or was taken by another session changes nothing.
 */
@Injectable()
export class LeaseRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Returns reports whose lease expired to `approved`. Rows another transaction holds are
   * skipped, and each row is matched on the very lease hash it was selected with, so a fresh
   * claim is never undone.
   */
  async returnExpired(runner: StatementRunner = this.dataSource): Promise<number> {
    return (await all(runner, leaseStatements.returnExpired())).length;
  }

  /** Leases the oldest approved report nobody else is claiming at this moment, if any. */
  claimOldestApproved(
    sessionId: string,
    tokenHash: Buffer,
    leaseSeconds: number,
    runner: StatementRunner,
  ): Promise<ClaimedRow | null> {
    return first(runner, leaseStatements.claimOldestApproved(sessionId, tokenHash, leaseSeconds));
  }

  recordPlan(
    id: string,
    tokenHash: Buffer,
    plan: string,
  ): Promise<{ planUpdatedAt: Date; leaseExpiresAt: Date } | null> {
    return first(this.dataSource, leaseStatements.recordPlan(id, tokenHash, plan));
  }

  /**
   * Extends the live lease to `leaseSeconds` from now (never shortens it); null when the lease
   * is not held. Takes the row lock like every lease call, so it is ordered against a result.
   */
  renew(
    id: string,
    tokenHash: Buffer,
    leaseSeconds: number,
  ): Promise<{ leaseExpiresAt: Date } | null> {
    return first(this.dataSource, leaseStatements.renew(id, tokenHash, leaseSeconds));
  }

  /** The first `started` of a lease sets the time; a repeated one keeps it. */
  recordStarted(
    id: string,
    tokenHash: Buffer,
  ): Promise<{ startedAt: Date; leaseExpiresAt: Date } | null> {
    return first(this.dataSource, leaseStatements.recordStarted(id, tokenHash));
  }

  /** Records the outcome and releases the lease, remembering its hash for a retried result. */
  recordResult(
    id: string,
    tokenHash: Buffer,
    change: RecordedResult,
  ): Promise<RecordedResult | null> {
    return first(this.dataSource, leaseStatements.recordResult(id, tokenHash, change));
  }

  /** The result that released the lease of `tokenHash`, while no later claim replaced it. */
  releasedResult(id: string, tokenHash: Buffer): Promise<RecordedResult | null> {
    return first(this.dataSource, leaseStatements.releasedResult(id, tokenHash));
  }

  /** One evidence file of a report, looked up only while the lease is live. */
  async heldAttachment(
    id: string,
    tokenHash: Buffer,
    attachmentId: string,
  ): Promise<HeldAttachment> {
    const row = await first(
      this.dataSource,
      leaseStatements.heldAttachment(id, tokenHash, attachmentId),
    );
    return row === null ? { held: false } : { held: true, file: row.file };
  }
}
