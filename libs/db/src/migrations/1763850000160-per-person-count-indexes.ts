import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the per-person caps count, each under an advisory lock before an insert: a person's
 * comments on one page (WIKI_COMMENTS_PER_PAGE_AND_PERSON) and a person's feedback reports of
 * the last hour (FEEDBACK_SUBMISSIONS_PER_HOUR). Without these indexes each count read every
 * comment of the page, or every report the person ever filed.
 */
export class PerPersonCountIndexes1763850000160 implements MigrationInterface {
  name = 'PerPersonCountIndexes1763850000160';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX comments_page_author_idx ON wiki.comments (page_id, author_id)`);
    await db.query(
      `CREATE INDEX reports_submitter_created_idx ON feedback.reports (submitter_id, created_at)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX feedback.reports_submitter_created_idx`);
    await db.query(`DROP INDEX wiki.comments_page_author_idx`);
  }
}
