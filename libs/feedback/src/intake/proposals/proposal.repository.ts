import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { withSearchDeadline } from '../../reports/search-deadline';
import type { EvidenceFile } from '../evidence-file';

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

/** The proposal routes' reads and their one write on `feedback.reports`. */
@Injectable()
export class ProposalRepository {
  constructor(private readonly dataSource: DataSource) {}

  async exists(id: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM feedback.reports WHERE id = $1`,
      [id],
    );
    return rows.length > 0;
  }

  /**
   * Reports without a proposal, oldest first, after the report `after` (by created time, then
   * id; that report may have a proposal by now). One more than `limit` tells whether more follow.
   */
  async pendingIds(after: string | null, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM feedback.reports
        WHERE proposal IS NULL
          AND ($1::uuid IS NULL
               OR (created_at, id) > (SELECT created_at, id FROM feedback.reports WHERE id = $1))
        ORDER BY created_at, id LIMIT $2`,
      [after, limit + 1],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Reports whose message, submitter, company, page path or id contain `term`, newest first,
   * within the search deadline (`search-deadline.ts`).
   */
  search(term: string, limit: number, offset: number): Promise<{ ids: string[]; total: number }> {
    const pattern = containsPattern(term);
    return withSearchDeadline(this.dataSource, async (manager) => {
      const rows: { id: string }[] = await manager.query(
        `SELECT id FROM feedback.reports WHERE search_text LIKE $1
          ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [pattern, limit, offset],
      );
      const [{ total }]: { total: number }[] = await manager.query(
        `SELECT count(*)::int AS total FROM feedback.reports WHERE search_text LIKE $1`,
        [pattern],
      );
      return { ids: rows.map((row) => row.id), total };
    });
  }

  async attachmentOf(feedbackId: string, attachmentId: string): Promise<EvidenceFile | null> {
    const rows: EvidenceFile[] = await this.dataSource.query(
      `SELECT storage_key AS "storageKey", filename, content_type AS "contentType", size
         FROM feedback.attachments WHERE feedback_id = $1 AND id = $2`,
      [feedbackId, attachmentId],
    );
    return rows[0] ?? null;
  }

  /** Replaces the report's proposal and touches no other column; null for an unknown report. */
  async store(id: string, proposal: StoredProposal): Promise<Date | null> {
    const [rows]: [{ updatedAt: Date }[], number] = await this.dataSource.query(
      `UPDATE feedback.reports SET proposal = $2::jsonb, proposal_updated_at = clock_timestamp()
        WHERE id = $1 RETURNING proposal_updated_at AS "updatedAt"`,
      [id, JSON.stringify(proposal)],
    );
    return rows[0]?.updatedAt ?? null;
  }
}
