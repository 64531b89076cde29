import type { MigrationInterface, QueryRunner } from 'typeorm';

const SEARCH_VECTOR = `search_vector tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', title), 'A') ||
          setweight(to_tsvector('english', content_md), 'B')
        ) STORED`;

/**
 * Keeps `wiki.pages.search_vector` in the row. With the default EXTENDED storage the toaster
 * moved the vector (the widest column of a typical page, and one pglz cannot shrink) to the TOAST
 * table, so every page a search matched cost two TOAST lookups: one for `@@`, one more for
 * `ts_rank`. MAIN storage makes the body leave the row first; the vector is compressed or moved
 * out only when the row still does not fit. On the 100,000-page benchmark seed this took a
 * common-word search from ~6,800 buffer reads to ~1,500 (docs/benchmarks.md, "The search vector
 * stays in the row").
 *
 * `SET STORAGE` alone affects only rows written afterwards, so the column is dropped and added
 * again in the same statement: ALTER TABLE applies the storage before the one table rewrite that
 * computes the new column. The full-text index depends on the column and is rebuilt.
 */
export class WikiSearchVectorInline1763850000006 implements MigrationInterface {
  name = 'WikiSearchVectorInline1763850000006';

  async up(db: QueryRunner): Promise<void> {
    await this.rebuild(db, 'MAIN');
  }

  async down(db: QueryRunner): Promise<void> {
    await this.rebuild(db, 'EXTENDED');
  }

  private async rebuild(db: QueryRunner, storage: 'MAIN' | 'EXTENDED'): Promise<void> {
    await db.query(`
      ALTER TABLE wiki.pages
        DROP COLUMN search_vector,
        ADD COLUMN ${SEARCH_VECTOR},
        ALTER COLUMN search_vector SET STORAGE ${storage}`);
    await db.query(`
      CREATE INDEX pages_company_search_idx ON wiki.pages USING gin (company_id, search_vector)
        WHERE deleted_at IS NULL`);
  }
}
