import { type RawBuilder, sql } from 'kysely';
import { type Reader, readablePages } from '../access/visibility.sql';
import { rank, SNIPPET_SOURCE_CHARS, tsQuery } from '../search/fts-query.sql';
import type { PrefixExpansion } from '../search/prefix-expansion';
import { prefixLexemes } from '../search/prefix-lexemes.sql';
import type { ParsedSearchText } from '../search/search-text';
import type { WikiPages, WikiRow } from '../wiki-schema';

/** One hit of the search statement. */
export type SearchHitRecord = WikiRow<
  WikiPages,
  'id' | 'public_id' | 'folder_path' | 'title' | 'current_version'
> & {
  /** The start of the body, for the snippet. */
  body: string;
  /** The positive terms of the query, as `querytree()` prints them, for the snippet. */
  terms: string;
  /** With a checked expansion: the company's lexemes for its stem, read in this statement. */
  prefix_lexemes?: string[];
};

/**
 * One page of `GET /api/wiki/search` for `reader`: up to `limit + 1` hits, best first (the extra
 * one tells `has_more`), with the last word matched as `expansion` says. With `checkExpansion`
 * (an expansion taken from a cache) every row also carries the lexemes the expansion would have
 * now (`prefix_lexemes`), read in the statement's own snapshot.
 *
 * Hand-written, tuned against the search benchmark (docs/benchmarks.md): visibility is applied
 * in SQL (the one definition in access/visibility.sql.ts), and `p.deleted_at IS NULL` is spelled
 * out at the top level so that the planner matches the partial GIN index
 * pages_company_search_idx. The ranking subquery carries only ids (sorting every match with its
 * body was a third of the cost); bodies are read for the page of hits only, and snippets are made
 * of them in the service (search/snippets/snippet.ts). Not prepared: a generic plan takes the GIN
 * index for every word.
 */
export function pageSearchStatement(
  reader: Reader,
  parsed: ParsedSearchText,
  expansion: PrefixExpansion | null,
  page: { limit: number; offset: number },
  checkExpansion: boolean,
): RawBuilder<SearchHitRecord> {
  const query = tsQuery(parsed, expansion?.match ?? { kind: 'partial' });
  const check =
    checkExpansion && expansion?.stem
      ? sql`, ${prefixLexemes(sql`${reader.companyId}::uuid`, sql`${expansion.stem}::text`)} AS prefix_lexemes`
      : sql.raw('');
  return sql<SearchHitRecord>`SELECT page.id, page.public_id, page.folder_path, page.title, page.current_version,
              left(page.content_md, ${sql.lit(SNIPPET_SOURCE_CHARS)}) AS body, querytree(hit.query) AS terms${check}
         FROM (SELECT p.id, q.query, ${rank('p', 'q.query')} AS rank
                 FROM wiki.pages p, (SELECT ${query} AS query) q
                WHERE p.deleted_at IS NULL
                  AND p.search_vector @@ q.query
                  AND ${readablePages('p', reader)}
                ORDER BY rank DESC, p.id ASC
                LIMIT ${page.limit}::int + 1 OFFSET ${page.offset}::int) hit
         JOIN wiki.pages page ON page.id = hit.id
        ORDER BY hit.rank DESC, hit.id ASC`;
}
