import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A draft write prunes its author's older drafts of the page (WIKI_DRAFTS_PER_PAGE_AND_PERSON):
 * this index finds them without reading every version of a long-lived page.
 */
export class WikiDraftPruningIndex1763850000040 implements MigrationInterface {
  name = 'WikiDraftPruningIndex1763850000040';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE INDEX page_versions_drafts_by_author
        ON wiki.page_versions (page_id, author_id, version) WHERE is_draft`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX wiki.page_versions_drafts_by_author`);
  }
}
