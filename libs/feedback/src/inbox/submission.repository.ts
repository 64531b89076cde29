import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
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
  ): Promise<StoredSubmission | null> {
    const [row] = await this.dataSource.query<StoredSubmission[]>(
      `SELECT id, status FROM feedback.reports WHERE submitter_id = $1 AND submission_id = $2`,
      [submitterId, submissionId],
    );
    return row ?? null;
  }

  /**
   * Inserts the report and its attachment rows in one transaction. False, with nothing written,
   * when the person's retry key is already taken (a concurrent submission won).
   */
  insert(report: NewReport, attachments: readonly NewAttachment[]): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
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
      if (inserted.length === 0) return false;
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
      return true;
    });
  }
}
