import { Injectable } from '@nestjs/common';
import { first, run } from '@cw/db';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import { feedbackDb } from '../feedback-schema';
import type { TriageStatus } from '../reports/feedback-statuses';

export type TriageOutcome = 'changed' | 'unchanged' | 'reserved' | 'missing';

export const triageStatements = {
  lockStatus: (feedbackId: string) =>
    feedbackDb
      .selectFrom('feedback.reports')
      .select('status')
      .where('id', '=', feedbackId)
      .forUpdate(),

  /** Any move releases a held intake lease. */
  setStatus: (feedbackId: string, status: TriageStatus) =>
    feedbackDb
      .updateTable('feedback.reports')
      .set({
        status,
        lease_session_id: null,
        lease_token_hash: null,
        lease_expires_at: null,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', feedbackId),
};

/** Operators' status changes of `feedback.reports`. */
@Injectable()
export class TriageRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Sets the status under the report's row lock, which orders concurrent triages, claims and
   * lease calls. Any move releases a held intake lease, whose holder is then fenced.
   * `in_progress` is only ever entered through a claim: asking for it changes nothing
   * ('reserved') unless the report is already there.
   */
  setStatus(feedbackId: string, status: TriageStatus): Promise<TriageOutcome> {
    return this.dataSource.transaction(async (manager) => {
      const current = await first(manager, triageStatements.lockStatus(feedbackId));
      if (!current) return 'missing';
      if (current.status === status) return 'unchanged';
      if (status === 'in_progress') return 'reserved';
      await run(manager, triageStatements.setStatus(feedbackId, status));
      return 'changed';
    });
  }
}
