import { type Reader, readablePagesSql } from '../access/visibility.sql';
import { rankSql, SNIPPET_SOURCE_CHARS, tsQuerySql } from '../search/fts-query.sql';
import type { PrefixExpansion } from '../search/prefix-expansion';
import { prefixLexemesSql } from '../search/prefix-lexemes.sql';
import type { ParsedSearchText } from '../search/search-text';

/** One hit of the search statement. */
export interface SearchHitRecord {
  id: string;
  public_id: string;
  folder_path: string;
  title: string;
  current_version: number;
  /** The start of the body, for the snippet. */
  body: string;
  /** The positive terms of the query, as `querytree()` prints them, for the snippet. */
  terms: string;
  /** With a checked expansion: the company's lexemes for its stem, read in this statement. */
  prefix_lexemes?: string[];
}

/**
 * The SQL of one page of `GET /api/wiki/search` for `reader`: up to `limit + 1` hits, best first
 * (the extra one tells `has_more`), with the last word matched as `expansion` says. With
 * `checkExpansion` (an expansion taken from a cache) every row also carries the lexemes the
 * expansion would have now (`prefix_lexemes`), read in the statement's own snapshot.
 *
 * Visibility is applied in SQL (the one definition in access/visibility.sql.ts). `p.deleted_at
 * IS NULL` is spelled out at the top level so that the planner matches the partial GIN index
 * pages_company_search_idx. The ranking subquery carries only ids (sorting every match with its
 * body was a third of the cost); bodies are read for the page of hits only, and snippets are made
 * of them in the service (search/snippets/snippet.ts).
 */
export function pageSearchStatement(
  reader: Reader,
  parsed: ParsedSearchText,
  expansion: PrefixExpansion | null,
  page: { limit: number; offset: number },
  checkExpansion: boolean,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const query = tsQuerySql(parsed, params, expansion?.match ?? { kind: 'partial' });
  const readable = readablePagesSql('p', reader, params);
  params.push(page.limit, page.offset);
  const limit = `$${params.length - 1}::int`;
  const offset = `$${params.length}::int`;
  let check = '';
  if (checkExpansion && expansion?.stem) {
    params.push(reader.companyId, expansion.stem);
    check = `, ${prefixLexemesSql(`$${params.length - 1}::uuid`, `$${params.length}::text`)} AS prefix_lexemes`;
  }
  const sql = `SELECT page.id, page.public_id, page.folder_path, page.title, page.current_version,
              left(page.content_md, ${SNIPPET_SOURCE_CHARS}) AS body, querytree(hit.query) AS terms${check}
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
