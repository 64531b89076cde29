import { type Reader, readablePagesSql } from '../access/visibility';
import { rankSql, SNIPPET_SOURCE_CHARS } from './fts-query';
import { type Queryable, searchQuerySql } from './prefix-expansion';

export interface SearchHitRow {
  id: string;
  public_id: string;
  folder_path: string;
  title: string;
  current_version: number;
  /** The start of the body, for the snippet. */
  body: string;
  /** The positive terms of the query, as `querytree()` prints them, for the snippet. */
  terms: string;
}

/**
 * The SQL of one page of `GET /api/wiki/search` for `actor`: up to `limit + 1` hits, best first
 * (the extra one tells `has_more`). Building it may read the company's lexicon to expand a prefix,
 * hence the `db`. Shared by WikiSearchService and the search benchmark (tools/bench).
 *
 * Visibility is applied in SQL (the one definition in access/visibility.ts). `p.deleted_at IS
 * NULL` is spelled out at the top level so that the planner matches the partial GIN index
 * pages_company_search_idx. The ranking subquery carries only ids (sorting every match with its
 * body was a third of the cost); bodies are read for the page of hits only, and snippets are made
 * of them in the service (snippets/snippet.ts).
 */
export async function buildSearchSql(
  db: Queryable,
  actor: Reader,
  text: string,
  page: { limit: number; offset: number },
): Promise<{ sql: string; params: unknown[] }> {
  const params: unknown[] = [];
  const query = await searchQuerySql(db, actor.companyId, text, params);
  const readable = readablePagesSql('p', actor, params);
  params.push(page.limit, page.offset);
  const limit = `$${params.length - 1}::int`;
  const offset = `$${params.length}::int`;
  const sql = `SELECT page.id, page.public_id, page.folder_path, page.title, page.current_version,
              left(page.content_md, ${SNIPPET_SOURCE_CHARS}) AS body, querytree(hit.query) AS terms
         FROM (SELECT p.id, q.query, ${rankSql('p', 'q.query')} AS rank
                 FROM wiki.pages p, (SELECT ${query} AS query) q
                WHERE p.deleted_at IS NULL
                  AND p.search_vector @@ q.query
                  AND ${readable}
                ORDER BY rank DESC, p.id ASC
                LIMIT ${limit} + 1 OFFSET ${offset}) hit
         JOIN wiki.pages page ON page.id = hit.id
        ORDER BY hit.rank DESC, hit.id ASC`;
  return { sql, params };
}
