import { createHash, randomUUID } from 'node:crypto';
import { all, rawQuery, run } from '@cw/db';
import type { DataSource } from 'typeorm';
import type { EvidenceStore } from '../evidence/evidence-store';
import type { FeedbackCategory, TriageStatus } from '../reports/feedback-statuses';

export interface IntakeSeedReport {
  status?: TriageStatus;
  category?: FeedbackCategory;
  message?: string;
  pagePath?: string | null;
  companyName?: string;
  submitterEmail?: string;
  createdAt?: Date;
  pullRequestUrl?: string | null;
}

export interface SeedEvidence {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * Test-only writes and reads of `feedback.reports` for the intake, proposal and webhook tests:
 * reports in a given state with their evidence, a lease moved past its expiry, and whole rows
 * to prove that a refused request changed nothing.
 */
export class IntakeSeedRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insertReport(report: IntakeSeedReport = {}): Promise<string> {
    const [row] = await all(
      this.dataSource,
      rawQuery<{ id: string }>(
        `INSERT INTO feedback.reports (company_id, company_name, submitter_id, submitter_email,
              submitter_name, category, status, message, page_path, created_at, pull_request_url)
       VALUES (gen_random_uuid(), $1, gen_random_uuid(), $2, 'Seeded Person', $3, $4, $5, $6,
               $7, $8)
       RETURNING id`,
        [
          report.companyName ?? 'Seeded Company',
          report.submitterEmail ?? 'seeded@example.test',
          report.category ?? 'bug',
          report.status ?? 'approved',
          report.message ?? 'The export button does nothing.',
          report.pagePath ?? null,
          report.createdAt ?? new Date(),
          report.pullRequestUrl ?? null,
        ],
      ),
    );
    return row.id;
  }

  /** Stores the bytes in the app's evidence store and the attachment row; answers its id. */
  async addEvidence(
    feedbackId: string,
    position: number,
    file: SeedEvidence,
    store: EvidenceStore,
  ): Promise<string> {
    const storageKey = `reports/${feedbackId}/${randomUUID()}`;
    await store.put(storageKey, file.bytes, file.contentType);
    const [row] = await all(
      this.dataSource,
      rawQuery<{ id: string }>(
        `INSERT INTO feedback.attachments (feedback_id, position, filename, content_type, size,
              sha256, storage_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [
          feedbackId,
          position,
          file.filename,
          file.contentType,
          file.bytes.length,
          createHash('sha256').update(file.bytes).digest(),
          storageKey,
        ],
      ),
    );
    return row.id;
  }

  /** Moves the report's lease past its expiry, as if its holder had gone quiet. */
  async expireLease(feedbackId: string): Promise<void> {
    await run(
      this.dataSource,
      rawQuery(
        `UPDATE feedback.reports SET lease_expires_at = now() - interval '1 second'
        WHERE id = $1 AND lease_expires_at IS NOT NULL`,
        [feedbackId],
      ),
    );
  }

  /** Takes every queued or leased report out of the intake queue (closed, lease cleared). */
  async emptyQueue(): Promise<void> {
    await run(
      this.dataSource,
      rawQuery(
        `UPDATE feedback.reports SET status = 'closed', lease_session_id = NULL,
              lease_token_hash = NULL, lease_expires_at = NULL
        WHERE status IN ('approved', 'in_progress')`,
        [],
      ),
    );
  }

  async setStatus(feedbackId: string, status: TriageStatus): Promise<void> {
    await run(
      this.dataSource,
      rawQuery(`UPDATE feedback.reports SET status = $2 WHERE id = $1`, [feedbackId, status]),
    );
  }

  /** Every column of the report, as JSON: two equal snapshots mean nothing changed. */
  async rowOf(feedbackId: string): Promise<Record<string, unknown>> {
    const [row] = await all(
      this.dataSource,
      rawQuery<{ row: Record<string, unknown> }>(
        `SELECT to_jsonb(r) AS row FROM feedback.reports r WHERE id = $1`,
        [feedbackId],
      ),
    );
    return row.row;
  }
}
