import { Injectable } from '@nestjs/common';
import { all, camelColumns, first, rawQuery, type StatementRunner } from '@cw/db';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import { feedbackDb } from '../../feedback-schema';
import { withSearchDeadline } from '../../reports/search-deadline';
import { EVIDENCE_FILE_COLUMNS, type EvidenceFile } from '../evidence-file';

/** What a proposal agent stores (the `proposal` jsonb). */
export interface StoredProposal {
  summary: string;
  plan: string | null;
  duplicate_of: string | null;
}

/** `%`, `_` and `\` stand for themselves in a search term. */
function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const reports = () => feedbackDb.selectFrom('feedback.reports');

export const proposalStatements = {
  exists: (id: string) => reports().select(sql.lit(1).as('one')).where('id', '=', id),

  /**
   * Hand-written: the keyset condition compares the `(created_at, id)` row with the `after`
   * report's, read in a sub-select, and `$1` is used twice.
   */
  pendingIds: (after: string | null, limit: number) =>
    rawQuery<{ id: string }>(
      `SELECT id FROM feedback.reports
        WHERE proposal IS NULL
          AND ($1::uuid IS NULL
               OR (created_at, id) > (SELECT created_at, id FROM feedback.reports WHERE id = $1))
        ORDER BY created_at, id LIMIT $2`,
      [after, limit + 1],
    ),

  /** `search_text LIKE` is what the trigram index answers. */
  searchPage: (pattern: string, limit: number, offset: number) =>
    reports()
      .select('id')
      .where('search_text', 'like', pattern)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset),

  searchTotal: (pattern: string) =>
    reports()
      .select(sql<number>`count(*)::int`.as('total'))
      .where('search_text', 'like', pattern),

  attachmentOf: (feedbackId: string, attachmentId: string) =>
    feedbackDb
      .selectFrom('feedback.attachments')
      .select(camelColumns(EVIDENCE_FILE_COLUMNS))
      .where('feedback_id', '=', feedbackId)
      .where('id', '=', attachmentId),

  store: (id: string, proposal: StoredProposal) =>
    feedbackDb
      .updateTable('feedback.reports')
      .set({
        proposal: sql`${JSON.stringify(proposal)}::jsonb`,
        proposal_updated_at: sql<Date>`clock_timestamp()`,
      })
      .where('id', '=', id)
      .returning('proposal_updated_at as updatedAt'),
};

/** The proposal routes' reads and their one write on `feedback.reports`. */
@Injectable()
export class ProposalRepository {
  constructor(private readonly dataSource: DataSource) {}

  async exists(id: string): Promise<boolean> {
    return (await first(this.dataSource, proposalStatements.exists(id))) !== null;
  }

  /**
   * Reports without a proposal, oldest first, after the report `after` (by created time, then
   * id; that report may have a proposal by now). One more than `limit` tells whether more follow.
   */
  async pendingIds(after: string | null, limit: number): Promise<string[]> {
    const rows = await all(this.dataSource, proposalStatements.pendingIds(after, limit));
    return rows.map((row) => row.id);
  }

  /**
   * Reports whose message, submitter, company, page path or id contain `term`, newest first,
   * within the search deadline (`search-deadline.ts`).
   */
  search(term: string, limit: number, offset: number): Promise<{ ids: string[]; total: number }> {
    const pattern = containsPattern(term);
    return withSearchDeadline(this.dataSource, async (manager: StatementRunner) => {
      const rows = await all(manager, proposalStatements.searchPage(pattern, limit, offset));
      const counted = await first(manager, proposalStatements.searchTotal(pattern));
      return { ids: rows.map((row) => row.id), total: counted?.total ?? 0 };
    });
  }

  attachmentOf(feedbackId: string, attachmentId: string): Promise<EvidenceFile | null> {
    return first(this.dataSource, proposalStatements.attachmentOf(feedbackId, attachmentId));
  }

  /** Replaces the report's proposal and touches no other column; null for an unknown report. */
  async store(id: string, proposal: StoredProposal): Promise<Date | null> {
    const row = await first(this.dataSource, proposalStatements.store(id, proposal));
    return row?.updatedAt ?? null;
  }
}
