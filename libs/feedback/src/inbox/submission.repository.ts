import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { FeedbackCategory, TriageStatus } from '../reports/feedback-statuses';

export interface NewReport {
  id: string;
  companyId: string;
  companyName: string;
  submitterId: string;
  submitterEmail: string;
  submitterName: string;
  submissionId: string | null;
  category: FeedbackCategory;
  message: string;
  pagePath: string | null;
}

export interface NewAttachment {
  id: string;
  position: number;
  filename: string;
  contentType: string;
  size: number;
  sha256: Buffer;
  storageKey: string;
}

/** What an insert did: wrote the report, found its retry key taken, or found the hour full. */
export type InsertOutcome = 'written' | 'retry_key_taken' | { hourFullForSeconds: number };

export interface StoredSubmission {
  id: string;
  status: TriageStatus;
}

/** Filing reports (`feedback.reports` with its `feedback.attachments`). */
@Injectable()
export class SubmissionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The report the person already filed under this retry key. */
  async findBySubmission(
    submitterId: string,
    submissionId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<StoredSubmission | null> {
    const [row] = await manager.query<StoredSubmission[]>(
      `SELECT id, status FROM feedback.reports WHERE submitter_id = $1 AND submission_id = $2`,
      [submitterId, submissionId],
    );
    return row ?? null;
  }

  /** Seconds until the person may file again when `perHour` reports of the last hour are full. */
  async hourFullFor(submitterId: string, perHour: number): Promise<number | null> {
    return this.hourFullForIn(this.dataSource.manager, submitterId, perHour);
  }

  /**
   * Inserts the report and its attachment rows in one transaction, unless the retry key is
   * taken (a concurrent submission won) or the person filed `perHour` reports in the last hour:
   * then nothing is written. The count and the insert hold the person's lock, so parallel
   * submissions cannot pass the hour's cap together.
   */
  insert(
    report: NewReport,
    attachments: readonly NewAttachment[],
    perHour: number,
  ): Promise<InsertOutcome> {
    return this.dataSource.transaction(async (manager): Promise<InsertOutcome> => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
        `feedback:submissions:${report.submitterId}`,
      ]);
      const fullForSeconds = await this.hourFullForIn(manager, report.submitterId, perHour);
      // A retry whose first submission won meanwhile is answered with that report, not refused.
      if (fullForSeconds !== null) {
        const retried =
          report.submissionId !== null &&
          (await this.findBySubmission(report.submitterId, report.submissionId, manager));
        return retried ? 'retry_key_taken' : { hourFullForSeconds: fullForSeconds };
      }
      const inserted: { id: string }[] = await manager.query(
        `INSERT INTO feedback.reports (id, company_id, company_name, submitter_id, submitter_email,
                submitter_name, submission_id, category, message, page_path)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (submitter_id, submission_id) WHERE submission_id IS NOT NULL DO NOTHING
         RETURNING id`,
        [
          report.id,
          report.companyId,
          report.companyName,
          report.submitterId,
          report.submitterEmail,
          report.submitterName,
          report.submissionId,
          report.category,
          report.message,
          report.pagePath,
        ],
      );
      if (inserted.length === 0) return 'retry_key_taken';
      if (attachments.length > 0) {
        await manager.query(
          `INSERT INTO feedback.attachments
                  (id, feedback_id, position, filename, content_type, size, sha256, storage_key)
           SELECT a.id, $1, a.position, a.filename, a.content_type, a.size, a.sha256, a.storage_key
             FROM unnest($2::uuid[], $3::smallint[], $4::text[], $5::text[], $6::int[],
                         $7::bytea[], $8::text[])
               AS a (id, position, filename, content_type, size, sha256, storage_key)`,
          [
            report.id,
            attachments.map((file) => file.id),
            attachments.map((file) => file.position),
            attachments.map((file) => file.filename),
            attachments.map((file) => file.contentType),
            attachments.map((file) => file.size),
            attachments.map((file) => file.sha256),
            attachments.map((file) => file.storageKey),
          ],
        );
      }
      return 'written';
    });
  }

  /**
   * Null while the person filed fewer than `perHour` reports in the last hour; else the whole
   * seconds (at least 1) until the `perHour`-th newest of them is an hour old, and so a place frees.
   */
  private async hourFullForIn(
    manager: EntityManager,
    submitterId: string,
    perHour: number,
  ): Promise<number | null> {
    const [row]: { frees_in: number }[] = await manager.query(
      `SELECT greatest(1, ceil(extract(epoch FROM
                created_at + interval '1 hour' - clock_timestamp())))::int AS frees_in
         FROM feedback.reports
        WHERE submitter_id = $1 AND created_at > clock_timestamp() - interval '1 hour'
        ORDER BY created_at DESC
       OFFSET $2 - 1 LIMIT 1`,
      [submitterId, perHour],
    );
    return row?.frees_in ?? null;
  }
}
