import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every search is within one company, so the full-text index leads with the company: a rare
 * word's lookup reads that company's entries instead of every company's, then intersecting with
 * a company index (btree_gin makes the uuid column indexable by GIN; it is a trusted extension,
 * creatable by the database owner). It replaces the search-vector-only index.
 */
export class WikiCompanySearchIndex1763850000005 implements MigrationInterface {
  name = 'WikiCompanySearchIndex1763850000005';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS btree_gin`);
    await db.query(`
      CREATE INDEX pages_company_search_idx ON wiki.pages USING gin (company_id, search_vector)
        WHERE deleted_at IS NULL`);
    await db.query(`DROP INDEX wiki.pages_search_idx`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX pages_search_idx ON wiki.pages USING gin (search_vector) WHERE deleted_at IS NULL`,
    );
    await db.query(`DROP INDEX wiki.pages_company_search_idx`);
  }
}
