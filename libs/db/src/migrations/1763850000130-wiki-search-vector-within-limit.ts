import type { MigrationInterface, QueryRunner } from 'typeorm';

const VECTOR_OF = (body: string) => `setweight(to_tsvector('english', title), 'A') ||
          setweight(to_tsvector('english', ${body}), 'B')`;

/**
 * A page body whose lexemes do not fit in one tsvector (1 MB: a 1 MB body of distinct words
 * makes 1.3 MB) made every write of it fail with "string is too long for tsvector", answered
 * 500. `wiki.page_search_vector` indexes the whole body when it fits and otherwise the longest
 * prefix it finds by cutting a quarter at a time (two or three tries for the largest bodies, a
 * few hundred milliseconds of PostgreSQL's time, only for such bodies). The column is added again
 * with the new expression, MAIN storage kept (as in 1763850000006), and its index rebuilt.
 */
export class WikiSearchVectorWithinLimit1763850000130 implements MigrationInterface {
  name = 'WikiSearchVectorWithinLimit1763850000130';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION wiki.page_search_vector(title text, body text) RETURNS tsvector
      LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      DECLARE
        kept integer := length(body);
      BEGIN
        LOOP
          BEGIN
            RETURN ${VECTOR_OF('left(body, kept)')};
          EXCEPTION WHEN program_limit_exceeded THEN
            IF kept = 0 THEN RAISE; END IF;
            kept := kept * 3 / 4;
          END;
        END LOOP;
      END $$`);
    await this.rebuild(db, `wiki.page_search_vector(title, content_md)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await this.rebuild(db, VECTOR_OF('content_md'));
    await db.query(`DROP FUNCTION wiki.page_search_vector(text, text)`);
  }

  private async rebuild(db: QueryRunner, expression: string): Promise<void> {
    await db.query(`
      ALTER TABLE wiki.pages
        DROP COLUMN search_vector,
        ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${expression}) STORED,
        ALTER COLUMN search_vector SET STORAGE MAIN`);
    await db.query(`
      CREATE INDEX pages_company_search_idx ON wiki.pages USING gin (company_id, search_vector)
        WHERE deleted_at IS NULL`);
  }
}
