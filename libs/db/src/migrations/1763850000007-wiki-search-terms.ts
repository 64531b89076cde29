import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `wiki.search_terms`: every lexeme that has appeared in a company's pages. Search uses it to
 * expand a typed-ahead last word (`deploy kube` → `kubernet`) into the company's own words, so
 * that the GIN index answers exact lexemes scoped to the company instead of a partial match,
 * which reads the posting lists of every company (on the 100,000-page benchmark seed a partial
 * match cost up to ten times the exact lookup; docs/wiki-search.md).
 *
 * The list only grows: a lexeme whose last page changed or left stays, which keeps the
 * expansion a superset of the company's live lexemes (search still checks every page against the
 * query, so a stale lexeme costs one empty index lookup, never a wrong hit). Triggers keep it
 * complete in the same transaction as the page write:
 * - inserts, once per statement over all new rows (the benchmark seed inserts 100,000 pages
 *   in a few statements);
 * - title and body updates, per row, with only the lexemes the old text did not have (an edit
 *   usually adds none).
 * Rows are inserted in (company_id, lexeme) order, so that two writers adding overlapping
 * lexemes wait for each other instead of deadlocking. (Two transactions that each write several
 * pages could still take the same new words in opposite orders; PostgreSQL then aborts one, which
 * the API answers with the retryable 409 CONCURRENT_CHANGE.)
 */
export class WikiSearchTerms1763850000007 implements MigrationInterface {
  name = 'WikiSearchTerms1763850000007';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE wiki.search_terms (
        company_id uuid NOT NULL,
        lexeme text COLLATE "C" NOT NULL,
        PRIMARY KEY (company_id, lexeme)
      )`);
    await db.query(`
      CREATE FUNCTION wiki.record_inserted_search_terms() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO wiki.search_terms (company_id, lexeme)
        SELECT DISTINCT page.company_id, term.lexeme
          FROM inserted_pages page, unnest(tsvector_to_array(page.search_vector)) AS term (lexeme)
         ORDER BY 1, 2
        ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER pages_record_inserted_search_terms AFTER INSERT ON wiki.pages
        REFERENCING NEW TABLE AS inserted_pages
        FOR EACH STATEMENT EXECUTE FUNCTION wiki.record_inserted_search_terms()`);
    await db.query(`
      CREATE FUNCTION wiki.record_updated_search_terms() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.search_vector IS NOT DISTINCT FROM OLD.search_vector
           AND NEW.company_id = OLD.company_id THEN
          RETURN NULL;
        END IF;
        INSERT INTO wiki.search_terms (company_id, lexeme)
        SELECT NEW.company_id, added.lexeme
          FROM (SELECT unnest(tsvector_to_array(NEW.search_vector))
                EXCEPT
                SELECT unnest(tsvector_to_array(OLD.search_vector))
                 WHERE NEW.company_id = OLD.company_id) AS added (lexeme)
         ORDER BY 2
        ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER pages_record_updated_search_terms AFTER UPDATE OF company_id, title, content_md
        ON wiki.pages
        FOR EACH ROW EXECUTE FUNCTION wiki.record_updated_search_terms()`);
    await db.query(`
      INSERT INTO wiki.search_terms (company_id, lexeme)
      SELECT DISTINCT page.company_id, term.lexeme
        FROM wiki.pages page, unnest(tsvector_to_array(page.search_vector)) AS term (lexeme)
      ON CONFLICT DO NOTHING`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER pages_record_updated_search_terms ON wiki.pages`);
    await db.query(`DROP TRIGGER pages_record_inserted_search_terms ON wiki.pages`);
    await db.query(`DROP FUNCTION wiki.record_updated_search_terms()`);
    await db.query(`DROP FUNCTION wiki.record_inserted_search_terms()`);
    await db.query(`DROP TABLE wiki.search_terms`);
  }
}
