import { all, first, rawQuery, run, type StatementRunner } from '@cw/db';
import { sql } from 'kysely';
import type { FeedbackCategory, TriageStatus } from '../reports/feedback-statuses';

/**
 * Where the seed's statements run: a TypeORM `DataSource`, or anything whose `query(text,
 * parameters)` answers the rows (the benchmark seed adapts a pg pool).
 */
export type SeedRunner = StatementRunner;

export interface SeedReport {
  companyId: string;
  companyName: string;
  submitterId: string;
  submitterEmail: string;
  submitterName: string;
  category: FeedbackCategory;
  status: TriageStatus;
  message: string;
  pagePath: string | null;
  createdAt: Date;
  pullRequestUrl: string | null;
}

export interface HeldLease {
  sessionId: string;
  tokenHash: Buffer;
  expiresAt: Date;
}

export interface BulkInboxSeed {
  reports: number;
  companies: number;
  peoplePerCompany: number;
  /** Words a message is made of; each message holds one of `features`, the searchable part. */
  words: readonly string[];
  features: readonly string[];
}

/**
 * Test-only writes and reads of `feedback.reports`: reports in a given state (filed, triaged,
 * linked, leased) without going through the routes, and the benchmark's bulk seed.
 */
export class InboxSeedRepository {
  constructor(private readonly runner: SeedRunner) {}

  async insertReport(report: SeedReport): Promise<string> {
    const [row] = await all(
      this.runner,
      rawQuery<{ id: string }>(
        `INSERT INTO feedback.reports (company_id, company_name, submitter_id, submitter_email,
              submitter_name, category, status, message, page_path, created_at, pull_request_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [
          report.companyId,
          report.companyName,
          report.submitterId,
          report.submitterEmail,
          report.submitterName,
          report.category,
          report.status,
          report.message,
          report.pagePath,
          report.createdAt,
          report.pullRequestUrl,
        ],
      ),
    );
    return row.id;
  }

  /** Puts the report in progress under an intake lease, as a claim does. */
  async holdLease(feedbackId: string, lease: HeldLease): Promise<void> {
    await run(
      this.runner,
      rawQuery(
        `UPDATE feedback.reports SET status = 'in_progress', lease_session_id = $2,
              lease_token_hash = $3, lease_expires_at = $4 WHERE id = $1`,
        [feedbackId, lease.sessionId, lease.tokenHash, lease.expiresAt],
      ),
    );
  }

  async stateOf(
    feedbackId: string,
  ): Promise<{ status: TriageStatus; leaseSessionId: string | null } | null> {
    return first(
      this.runner,
      rawQuery<{ status: TriageStatus; leaseSessionId: string | null }>(
        `SELECT status, lease_session_id AS "leaseSessionId" FROM feedback.reports WHERE id = $1`,
        [feedbackId],
      ),
    );
  }

  async counts(): Promise<{ reports: number; attachments: number }> {
    const [row] = await all(
      this.runner,
      sql<{ reports: number; attachments: number }>`SELECT
              (SELECT count(*)::int FROM feedback.reports) AS reports,
              (SELECT count(*)::int FROM feedback.attachments) AS attachments`,
    );
    return row;
  }

  /**
   * `seed.reports` reports in one statement: company c (1..companies) has the UUID
   * `companyUuid(c)`; report n is filed n minutes before now, status `new` for every fourth
   * report (n % 4 = 0) and spread over the others otherwise, its message six of `words` and one
   * of `features`. Then ANALYZE, so the planner knows the new rows.
   *
   * The search index takes the rows as a bulk load does: entries batched in GIN's pending list
   * (a sixth of the time of merging each row's at once), merged in one pass at the end, and the
   * index then left as the inbox keeps it, without a pending list (migration 1763850000120).
   */
  async bulkSeed(seed: BulkInboxSeed): Promise<void> {
    await run(this.runner, sql`ALTER INDEX feedback.reports_search_trgm_idx SET (fastupdate = on)`);
    try {
      await this.insertReports(seed);
      await run(
        this.runner,
        sql`SELECT gin_clean_pending_list('feedback.reports_search_trgm_idx'::regclass)`,
      );
    } finally {
      await run(
        this.runner,
        sql`ALTER INDEX feedback.reports_search_trgm_idx SET (fastupdate = off)`,
      );
    }
    await run(this.runner, sql`ANALYZE feedback.reports`);
  }

  private async insertReports(seed: BulkInboxSeed): Promise<void> {
    await run(
      this.runner,
      rawQuery(
        `INSERT INTO feedback.reports (company_id, company_name, submitter_id, submitter_email,
              submitter_name, category, status, message, page_path, created_at, pull_request_url)
       SELECT md5('company-' || c)::uuid, 'Company ' || c,
              md5('person-' || c || '-' || p)::uuid, 'person' || p || '@company' || c || '.example',
              'Person ' || p || ' of ' || c,
              (ARRAY['bug', 'idea', 'question', 'other'])[1 + (n / 8) % 4],
              (ARRAY['new', 'approved', 'closed', 'rejected', 'new', 'pr_open', 'handed_back',
                     'closed'])[1 + n % 8],
              ($4::text[])[1 + (n * 7) % w] || ' ' || ($4::text[])[1 + (n * 13) % w] || ' ' ||
                ($5::text[])[1 + (n / 32) % f] || ' ' || ($4::text[])[1 + (n * 17) % w] || ' ' ||
                ($4::text[])[1 + (n * 19) % w] || ' ' || ($4::text[])[1 + (n * 23) % w],
              '/wiki/pages/' || (n % 5000),
              now() - n * interval '1 minute',
              CASE WHEN n % 8 = 5 THEN 'https://github.example/acme/app/pull/' || n END
         FROM generate_series(1, $1::int) AS n,
              LATERAL (SELECT 1 + n % $2::int AS c, 1 + (n / $2::int) % $3::int AS p,
                              cardinality($4::text[]) AS w, cardinality($5::text[]) AS f) AS pick`,
        [seed.reports, seed.companies, seed.peoplePerCompany, seed.words, seed.features],
      ),
    );
  }

  async reportCount(): Promise<number> {
    const [row] = await all(
      this.runner,
      sql<{ n: number }>`SELECT count(*)::int AS n FROM feedback.reports`,
    );
    return row.n;
  }
}

/** The UUID `bulkSeed` gives company `c`. */
export async function seededCompanyUuid(runner: SeedRunner, company: number): Promise<string> {
  const [row] = await all(
    runner,
    sql<{ id: string }>`SELECT md5('company-' || ${company}::int)::uuid AS id`,
  );
  return row.id;
}
