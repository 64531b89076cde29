/**
 * The wiki's keyword search as SQL expressions over `wiki.pages.search_vector` (title weight A,
 * body weight B, config 'english'), for the search and memory statements of PageSearchRepository.
 *
 * User text never becomes SQL: it is passed as parameters to `websearch_to_tsquery`, which
 * accepts any text without raising (quotes make phrases, `-word` excludes, `or` alternates).
 * The last word is also matched as a prefix through `to_tsquery`, built only from a word of
 * letters and digits (quoted with `quote_literal`, so tsquery syntax cannot leak in either).
 */
import { type RawBuilder, sql } from 'kysely';
import type { PrefixMatch } from './prefix-expansion';
import type { ParsedSearchText } from './search-text';

/**
 * A tsquery SQL expression for `parsed`, its values parameters. The result matches what
 * `websearch_to_tsquery` matches, plus pages where the last word is the prefix of a (stemmed)
 * word and the rest of the query matches. Stop words alone give an empty query: no page matches.
 */
export function tsQuery(parsed: ParsedSearchText, prefix: PrefixMatch): RawBuilder<string> {
  const whole = sql<string>`websearch_to_tsquery('english', ${parsed.text}::text)`;
  if (!parsed.prefix) return whole;
  // No word of the company starts with the prefix: only the whole query can match (with "or"
  // the head is part of the whole query too).
  if (prefix.kind === 'lexemes' && prefix.lexemes.length === 0) return whole;
  const { head, joiner } = parsed.prefix;
  const combined = (word: RawBuilder<string>): RawBuilder<string> => {
    const rest = sql`websearch_to_tsquery('english', ${head}::text)`;
    return sql<string>`(${whole} || (${rest} ${sql.raw(joiner === 'or' ? '||' : '&&')} ${word}))`;
  };
  if (prefix.kind === 'lexemes') {
    const expansion = sql<string>`${lexemeDisjunction(prefix.lexemes)}::tsquery`;
    // A lone word is its own stem, which the expansion holds whenever a page has it: the
    // expansion alone matches what word-or-prefix does, without a duplicate term to rank.
    if (head === '') return expansion;
    return combined(expansion);
  }
  const partial = sql<string>`to_tsquery('english', quote_literal(${parsed.prefix.word}::text) || ':*')`;
  // A lone word has no head; `websearch_to_tsquery('')` would only add a notice per search.
  if (head === '') return sql<string>`(${whole} || ${partial})`;
  return combined(partial);
}

/** `'a' | 'b'` in tsquery syntax: each lexeme quoted, its quotes doubled, backslashes escaped. */
export function lexemeDisjunction(lexemes: readonly string[]): string {
  return lexemes
    .map((lexeme) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`)
    .join(' | ');
}

/**
 * Ranking: term frequency with weights {D, C, B, A} = {0.1, 0.2, 0.4, 1.0}, so a title (A) match
 * counts 2.5 times a body (B) match, normalized by the log of the document length (flag 1).
 * `ts_rank` rather than cover density (`ts_rank_cd`): it costs half as much per matching page,
 * which is what bounds search latency for common words (docs/benchmarks.md, "Ranking cost bounds
 * common-word search").
 */
export function rank(alias: string, query: string): RawBuilder<number> {
  return sql<number>`ts_rank('{0.1, 0.2, 0.4, 1.0}'::float4[], ${sql.raw(alias)}.search_vector, ${sql.raw(query)}, 1)`;
}

/** Only the first this many characters of a body are read for its snippet. */
export const SNIPPET_SOURCE_CHARS = 100_000;
