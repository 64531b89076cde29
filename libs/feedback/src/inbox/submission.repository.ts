import { Injectable } from '@nestjs/common';
import { all, type CamelRow, first, rawQuery, run, type StatementRunner } from '@cw/db';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import { type FeedbackReports, feedbackDb } from '../feedback-schema';
import type { FeedbackCategory } from '../reports/feedback-statuses';

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

export type StoredSubmission = CamelRow<FeedbackReports, 'id' | 'status'>;

export const submissionStatements = {
  findBySubmission: (submitterId: string, submissionId: string) =>
    feedbackDb
      .selectFrom('feedback.reports')
      .select(['id', 'status'])
      .where('submitter_id', '=', submitterId)
      .where('submission_id', '=', submissionId),

  /** The person's lock, held to the end of the transaction. */
  lockSubmitter: (submitterId: string) =>
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`feedback:submissions:${submitterId}`}, 0))`,

  /** Hand-written: the `perHour`-th newest report of the hour, by `OFFSET $2 - 1`. */
  hourFullFor: (submitterId: string, perHour: number) =>
    rawQuery<{ frees_in: number }>(
      `SELECT greatest(1, ceil(extract(epoch FROM
                created_at + interval '1 hour' - clock_timestamp())))::int AS frees_in
         FROM feedback.reports
        WHERE submitter_id = $1 AND created_at > clock_timestamp() - interval '1 hour'
        ORDER BY created_at DESC
       OFFSET $2 - 1 LIMIT 1`,
      [submitterId, perHour],
    ),

  /** A taken retry key (the partial unique index) inserts nothing and returns no row. */
  insertReport: (report: NewReport) =>
    feedbackDb
      .insertInto('feedback.reports')
      .values({
        id: report.id,
        company_id: report.companyId,
        company_name: report.companyName,
        submitter_id: report.submitterId,
        submitter_email: report.submitterEmail,
        submitter_name: report.submitterName,
        submission_id: report.submissionId,
        category: report.category,
        message: report.message,
        page_path: report.pagePath,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['submitter_id', 'submission_id'])
          .where('submission_id', 'is not', null)
          .doNothing(),
      )
      .returning('id'),

  /** Hand-written: all of a report's files in one statement, one array parameter a column. */
  insertAttachments: (feedbackId: string, attachments: readonly NewAttachment[]) =>
    rawQuery(
      `INSERT INTO feedback.attachments
              (id, feedback_id, position, filename, content_type, size, sha256, storage_key)
       SELECT a.id, $1, a.position, a.filename, a.content_type, a.size, a.sha256, a.storage_key
         FROM unnest($2::uuid[], $3::smallint[], $4::text[], $5::text[], $6::int[],
                     $7::bytea[], $8::text[])
           AS a (id, position, filename, content_type, size, sha256, storage_key)`,
      [
        feedbackId,
        attachments.map((file) => file.id),
        attachments.map((file) => file.position),
        attachments.map((file) => file.filename),
        attachments.map((file) => file.contentType),
        attachments.map((file) => file.size),
        attachments.map((file) => file.sha256),
        attachments.map((file) => file.storageKey),
      ],
    ),
};

/** Filing reports (`feedback.reports` with its `feedback.attachments`). */
@Injectable()
export class SubmissionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The report the person already filed under this retry key. */
  findBySubmission(
    submitterId: string,
    submissionId: string,
    runner: StatementRunner = this.dataSource,
  ): Promise<StoredSubmission | null> {
    return first(runner, submissionStatements.findBySubmission(submitterId, submissionId));
  }

  /** Seconds until the person may file again when `perHour` reports of the last hour are full. */
  async hourFullFor(submitterId: string, perHour: number): Promise<number | null> {
    return this.hourFullForIn(this.dataSource, submitterId, perHour);
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
      await run(manager, submissionStatements.lockSubmitter(report.submitterId));
      const fullForSeconds = await this.hourFullForIn(manager, report.submitterId, perHour);
      // A retry whose first submission won meanwhile is answered with that report, not refused.
      if (fullForSeconds !== null) {
        const retried =
          report.submissionId !== null &&
          (await this.findBySubmission(report.submitterId, report.submissionId, manager));
        return retried ? 'retry_key_taken' : { hourFullForSeconds: fullForSeconds };
      }
      const inserted = await all(manager, submissionStatements.insertReport(report));
      if (inserted.length === 0) return 'retry_key_taken';
      if (attachments.length > 0) {
        await run(manager, submissionStatements.insertAttachments(report.id, attachments));
      }
      return 'written';
    });
  }

  /**
   * Null while the person filed fewer than `perHour` reports in the last hour; else the whole
   * seconds (at least 1) until the `perHour`-th newest of them is an hour old, and so a place frees.
   */
  private async hourFullForIn(
    runner: StatementRunner,
    submitterId: string,
    perHour: number,
  ): Promise<number | null> {
    const row = await first(runner, submissionStatements.hourFullFor(submitterId, perHour));
    return row?.frees_in ?? null;
  }
}
