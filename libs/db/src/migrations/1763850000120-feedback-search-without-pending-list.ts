import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The inbox search reads `reports_search_trgm_idx` on every list; reports arrive one at a time.
 * With GIN's fast update on, new entries wait in a pending list of up to 4 MB that every search
 * scans in full until a vacuum merges it: 300 pages and 2 ms per search at 200,000 reports. Off,
 * each insert merges its entries at once and a search reads only the index (PostgreSQL's advice
 * when response time matters more than insert speed). A larger statistics sample of
 * `search_text` for the planner's guess of how many reports a term matches, which decides
 * between the trigram index and reading the whole table (the inbox no longer lets it decide
 * the date-order walk; see InboxQueryRepository).
 */
export class FeedbackSearchWithoutPendingList1763850000120 implements MigrationInterface {
  name = 'FeedbackSearchWithoutPendingList1763850000120';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER INDEX feedback.reports_search_trgm_idx SET (fastupdate = off)`);
    // Turning fast update off keeps what is already pending; merge it now.
    await db.query(`SELECT gin_clean_pending_list('feedback.reports_search_trgm_idx'::regclass)`);
    await db.query(`ALTER TABLE feedback.reports ALTER COLUMN search_text SET STATISTICS 1000`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE feedback.reports ALTER COLUMN search_text SET STATISTICS -1`);
    await db.query(`ALTER INDEX feedback.reports_search_trgm_idx RESET (fastupdate)`);
  }
}
