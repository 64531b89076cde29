import { compileStatement } from '@cw/db';
import type { SqlClient } from '@cw/identity/testing';
import { type Reader, visiblePagesSql } from '../access/visibility.sql';
import { visiblePageStatement } from '../pages/page-read.repository';
import { pageSearchStatement } from '../pages/page-search.sql';
import type { PrefixExpansion } from '../search/prefix-expansion';
import {
  expansionFromRecord,
  type PrefixLexemesRecord,
  prefixLexemesStatements,
} from '../search/prefix-lexemes.sql';
import { parseSearchText } from '../search/search-text';

/**
 * The page read of `GET /api/wiki/pages/{id}` for a numeric id (PageReadRepository.findVisible):
 * the service's own statement, for a bare route to run on a plain pg pool.
 */
export function barePageRead(reader: Reader): {
  sql: string;
  params: (pageId: string) => unknown[];
} {
  const { sql, params } = visiblePageStatement(reader, { kind: 'legacy', id: '' }, false);
  return { sql, params: (pageId) => [pageId, ...params.slice(1)] };
}

/** A single-row write of one page's body (`$1` the page id), the baseline of the edit route. */
export function rawPageUpdateStatement(): string {
  return `UPDATE wiki.pages SET content_md = content_md || 'x' WHERE id = $1`;
}

/** A copy of a page with another body and no versions, for raw writes; answers its id. */
export async function copyPageForRawWrites(
  db: SqlClient,
  pageId: number,
  markdown: string,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO wiki.pages (company_id, lane, lane_owner_id, folder_id, folder_path, title, content_md, created_by)
       SELECT company_id, lane, lane_owner_id, folder_id, folder_path, title || ' (raw copy)', $2, created_by
         FROM wiki.pages WHERE id = $1
       RETURNING id`,
    [pageId, markdown],
  );
  return rows[0].id;
}

/**
 * The statement `GET /api/wiki/search` sends for `text` the first time it sees its last word
 * (the prefix expansion read now, on `db`), built by the service's own builders.
 */
export async function searchStatement(
  db: SqlClient,
  reader: Reader,
  text: string,
  page: { limit: number; offset: number },
): Promise<{ sql: string; params: unknown[] }> {
  const parsed = parseSearchText(text);
  let expansion: PrefixExpansion | null = null;
  if (parsed.prefix) {
    const { sql, parameters } = compileStatement(
      prefixLexemesStatements.expandPrefix(reader.companyId, parsed.prefix.word),
    );
    const { rows } = await db.query<PrefixLexemesRecord>(sql, [...parameters]);
    expansion = expansionFromRecord(parsed.prefix.word, rows[0]);
  }
  const { sql, parameters } = compileStatement(
    pageSearchStatement(reader, parsed, expansion, page, false),
  );
  return { sql, params: [...parameters] };
}

/** For each word, how many live pages of the company it matches as a whole word. */
export async function pagesMatchingEachWord(
  db: SqlClient,
  companyId: string,
  words: readonly string[],
): Promise<{ word: string; pages: number }[]> {
  const { rows } = await db.query<{ word: string; pages: number }>(
    `SELECT w AS word, (SELECT count(*)::int FROM wiki.pages p
                         WHERE p.deleted_at IS NULL AND p.search_vector @@ websearch_to_tsquery('english', w)
                           AND p.company_id = $2) AS pages
       FROM unnest($1::text[]) w`,
    [words, companyId],
  );
  return rows;
}

/** How many live pages `reader` can see (restricted ones included). */
export async function countVisiblePages(db: SqlClient, reader: Reader): Promise<number> {
  const params: unknown[] = [];
  const visible = visiblePagesSql('p', reader, params);
  const { rows } = await db.query<{ pages: number }>(
    `SELECT count(*)::int AS pages FROM wiki.pages p WHERE ${visible}`,
    params,
  );
  return rows[0].pages;
}

/** A readable company-lane page of the company (the eleventh by id, typical of the seed). */
export async function findReadableCompanyPage(
  db: SqlClient,
  companyId: string,
): Promise<{ id: string; title: string } | null> {
  const { rows } = await db.query<{ id: string; title: string }>(
    `SELECT id::text, title FROM wiki.pages
      WHERE company_id = $1 AND lane = 'company' AND deleted_at IS NULL AND NOT restricted
      ORDER BY id LIMIT 1 OFFSET 10`,
    [companyId],
  );
  return rows[0] ?? null;
}
