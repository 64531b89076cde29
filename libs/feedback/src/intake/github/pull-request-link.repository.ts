import { Injectable } from '@nestjs/common';
import { all, first, rawQuery } from '@cw/db';
import { DataSource } from 'typeorm';
import { feedbackDb } from '../../feedback-schema';
import type { TriageStatus } from '../../reports/feedback-statuses';

/** How a pull request event changes a report: the status it computes from the current row. */
export type PullRequestChange = 'open' | 'reopen' | 'merge' | 'close_unmerged';

// Over the locked current row: `status`, `pull_request_url`, `leased` (a live intake lease),
// and $2, the pull request's address. A live lease keeps its status: its holder's result ends it.
const NEXT_STATUS: Record<PullRequestChange, string> = {
  // A late or repeated event of an already merged pull request does not reopen its report.
  open: `CASE WHEN leased THEN status
              WHEN status = 'closed' AND pull_request_url = $2 THEN status
              ELSE 'pr_open' END`,
  reopen: `CASE WHEN leased THEN status ELSE 'pr_open' END`,
  merge: `CASE WHEN leased THEN status ELSE 'closed' END`,
  // Closed without merging: the fix did not land, so the report goes back to a person.
  close_unmerged: `CASE WHEN NOT leased AND status = 'pr_open' AND pull_request_url = $2
                        THEN 'handed_back' ELSE status END`,
};

const NEXT_URL: Record<PullRequestChange, string> = {
  open: '$2',
  reopen: '$2',
  merge: '$2',
  close_unmerged: 'pull_request_url',
};

export const pullRequestLinkStatements = {
  /**
   * Hand-written: one statement locks the row, computes the next status from it and writes only
   * a change; the change's CASE uses $2 more than once.
   */
  apply: (id: string, url: string, change: PullRequestChange) =>
    rawQuery<{ status: TriageStatus }>(
      `WITH current AS (
         SELECT id, status, pull_request_url, coalesce(lease_expires_at > now(), false) AS leased
           FROM feedback.reports WHERE id = $1 FOR UPDATE),
       next AS (
         SELECT id, ${NEXT_URL[change]} AS pull_request_url, ${NEXT_STATUS[change]} AS status
           FROM current)
       UPDATE feedback.reports r
          SET pull_request_url = next.pull_request_url, status = next.status,
              lease_session_id = CASE WHEN next.status = 'in_progress' THEN r.lease_session_id END,
              lease_token_hash = CASE WHEN next.status = 'in_progress' THEN r.lease_token_hash END,
              lease_expires_at = CASE WHEN next.status = 'in_progress' THEN r.lease_expires_at END,
              updated_at = now()
         FROM next
        WHERE r.id = next.id
          AND (r.pull_request_url IS DISTINCT FROM next.pull_request_url
               OR r.status <> next.status)
       RETURNING r.status`,
      [id, url],
    ),

  statusOf: (id: string) =>
    feedbackDb.selectFrom('feedback.reports').select('status').where('id', '=', id),
};

export interface LinkOutcome {
  status: TriageStatus;
  changed: boolean;
}

/** The GitHub webhook's one write: a report's pull request link and status. */
@Injectable()
export class PullRequestLinkRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Applies the change under the row lock and answers the report's status; null for an unknown
   * report. A change that alters nothing writes nothing (a redelivery leaves the row as it was).
   * An expired lease left on a report that leaves `in_progress` is cleared with it.
   */
  async apply(id: string, url: string, change: PullRequestChange): Promise<LinkOutcome | null> {
    const [applied] = await all(this.dataSource, pullRequestLinkStatements.apply(id, url, change));
    if (applied) return { status: applied.status, changed: true };
    const current = await first(this.dataSource, pullRequestLinkStatements.statusOf(id));
    return current ? { status: current.status, changed: false } : null;
  }
}
