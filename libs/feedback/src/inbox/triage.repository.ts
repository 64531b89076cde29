import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TriageStatus } from '../reports/feedback-statuses';

export type TriageOutcome = 'changed' | 'unchanged' | 'reserved' | 'missing';

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
      const [current]: { status: TriageStatus }[] = await manager.query(
        `SELECT status FROM feedback.reports WHERE id = $1 FOR UPDATE`,
        [feedbackId],
      );
      if (!current) return 'missing';
      if (current.status === status) return 'unchanged';
      if (status === 'in_progress') return 'reserved';
      await manager.query(
        `UPDATE feedback.reports
            SET status = $2, lease_session_id = NULL, lease_token_hash = NULL,
                lease_expires_at = NULL, updated_at = now()
          WHERE id = $1`,
        [feedbackId, status],
      );
      return 'changed';
    });
  }
}
