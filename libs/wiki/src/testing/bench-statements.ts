import { all, clientRunner, compileStatement, first, type PgClient } from '@cw/db';
import { sql } from 'kysely';
import { type Reader, visiblePages } from '../access/visibility.sql';
import { pageReadStatements } from '../pages/page-read.repository';
import { pageSearchStatement } from '../pages/page-search.sql';
import type { PrefixExpansion } from '../search/prefix-expansion';
import { expansionFromRecord, prefixLexemesStatements } from '../search/prefix-lexemes.sql';
import { parseSearchText } from '../search/search-text';
import { wikiDb } from '../wiki-schema';

/** The statements the benchmarks run themselves, besides the services' own. */
export const benchStatements = {
  copyPageForRawWrites: (pageId: number, markdown: string) =>
    wikiDb
      .insertInto('wiki.pages')
      .columns([
        'company_id',
        'lane',
        'lane_owner_id',
        'folder_id',
        'folder_path',
        'title',
        'content_md',
        'created_by',
      ])
      .expression(
        wikiDb
          .selectFrom('wiki.pages')
          .select([
            'company_id',
            'lane',
            'lane_owner_id',
            'folder_id',
            'folder_path',
            sql<string>`title || ' (raw copy)'`.as('title'),
            sql<string>`${markdown}`.as('content_md'),
            'created_by',
          ])
          .where('id', '=', String(pageId)),
      )
      .returning('id'),

  /** One scalar subquery per word over `unnest`: kept as SQL. */
  pagesMatchingEachWord: (companyId: string, words: readonly string[]) =>
    sql<{ word: string; pages: number }>`SELECT w AS word, (SELECT count(*)::int FROM wiki.pages p
                         WHERE p.deleted_at IS NULL AND p.search_vector @@ websearch_to_tsquery('english', w)
                           AND p.company_id = ${companyId}) AS pages
       FROM unnest(${[...words]}::text[]) w`,

  countVisiblePages: (reader: Reader) =>
    wikiDb
      .selectFrom('wiki.pages as p')
      .select(sql<number>`count(*)::int`.as('pages'))
      .where(visiblePages('p', reader)),

  findReadableCompanyPage: (companyId: string) =>
    wikiDb
      .selectFrom('wiki.pages')
      .select([sql<string>`id::text`.as('id'), 'title'])
      .where('company_id', '=', companyId)
      .where('lane', '=', sql.lit('company'))
      .where('deleted_at', 'is', null)
      .where(sql<boolean>`NOT restricted`)
      .orderBy('id')
      .limit(1)
      .offset(10),
};

/** Stands for the page id in the compiled page read, to be replaced by each request's. */
const PAGE_ID_SLOT = '<page id>';

/**
 * The page read of `GET /api/wiki/pages/{id}` for a numeric id (PageReadRepository.findVisible):
 * the service's own statement, for a bare route to run on a plain pg pool.
 */
export function barePageRead(reader: Reader): {
  sql: string;
  params: (pageId: string) => unknown[];
} {
  const { sql, parameters } = compileStatement(
    pageReadStatements.findVisible(reader, { kind: 'legacy', id: PAGE_ID_SLOT }, false),
  );
  return {
    sql,
    params: (pageId) => parameters.map((value) => (value === PAGE_ID_SLOT ? pageId : value)),
  };
}

/** A single-row write of one page's body (`$1` the page id), the baseline of the edit route. */
export function rawPageUpdateStatement(): string {
  return `UPDATE wiki.pages SET content_md = content_md || 'x' WHERE id = $1`;
}

/** A copy of a page with another body and no versions, for raw writes; answers its id. */
export async function copyPageForRawWrites(
  db: PgClient,
  pageId: number,
  markdown: string,
): Promise<number> {
  const [row] = await all(clientRunner(db), benchStatements.copyPageForRawWrites(pageId, markdown));
  return Number(row.id);
}

/**
 * The statement `GET /api/wiki/search` sends for `text` the first time it sees its last word
 * (the prefix expansion read now, on `db`), built by the service's own builders.
 */
export async function searchStatement(
  db: PgClient,
  reader: Reader,
  text: string,
  page: { limit: number; offset: number },
): Promise<{ sql: string; params: unknown[] }> {
  const parsed = parseSearchText(text);
  let expansion: PrefixExpansion | null = null;
  if (parsed.prefix) {
    const row = await first(
      clientRunner(db),
      prefixLexemesStatements.expandPrefix(reader.companyId, parsed.prefix.word),
    );
    expansion = expansionFromRecord(parsed.prefix.word, row ?? { stems: [], lexemes: [] });
  }
  const { sql, parameters } = compileStatement(
    pageSearchStatement(reader, parsed, expansion, page, false),
  );
  return { sql, params: [...parameters] };
}

/** For each word, how many live pages of the company it matches as a whole word. */
export function pagesMatchingEachWord(
  db: PgClient,
  companyId: string,
  words: readonly string[],
): Promise<{ word: string; pages: number }[]> {
  return all(clientRunner(db), benchStatements.pagesMatchingEachWord(companyId, words));
}

/** How many live pages `reader` can see (restricted ones included). */
export async function countVisiblePages(db: PgClient, reader: Reader): Promise<number> {
  const row = await first(clientRunner(db), benchStatements.countVisiblePages(reader));
  return row?.pages ?? 0;
}

/** A readable company-lane page of the company (the eleventh by id, typical of the seed). */
export function findReadableCompanyPage(
  db: PgClient,
  companyId: string,
): Promise<{ id: string; title: string } | null> {
  return first(clientRunner(db), benchStatements.findReadableCompanyPage(companyId));
}
