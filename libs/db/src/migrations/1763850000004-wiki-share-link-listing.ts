import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Share links are listed per page (without their tokens): an index on the page, and the token's
 * display prefix so that a listing can tell links apart. Nullable: rows of the release before
 * this one have no prefix, and that release never reads the column.
 */
export class WikiShareLinkListing1763850000004 implements MigrationInterface {
  name = 'WikiShareLinkListing1763850000004';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE wiki.share_links ADD COLUMN token_prefix text`);
    await db.query(
      `CREATE INDEX share_links_page_idx ON wiki.share_links (page_id, created_at, id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX wiki.share_links_page_idx`);
    await db.query(`ALTER TABLE wiki.share_links DROP COLUMN token_prefix`);
  }
}
