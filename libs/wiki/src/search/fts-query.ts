/**
 * The wiki's keyword search, as SQL over `wiki.pages.search_vector` (title weight A, body weight
 * B, config 'english'). Shared by `GET /api/wiki/search` and the memory bootstrap.
 *
 * User text never becomes SQL: it is passed as parameters to `websearch_to_tsquery`, which
 * accepts any text without raising (quotes make phrases, `-word` excludes, `or` alternates).
 * The last word is also matched as a prefix through `to_tsquery`, built only from a word of
 * letters and digits (quoted with `quote_literal`, so tsquery syntax cannot leak in either).
 */

/** Longest accepted search text, in characters, after trimming. */
export const MAX_SEARCH_TEXT = 500;

/** A prefix word longer than this is matched as a whole word only. */
const MAX_PREFIX_WORD = 100;

/** Shortest last word that is also matched as a prefix. */
const MIN_PREFIX_WORD = 2;

const PREFIXABLE = /^[\p{L}\p{N}]+\*?$/u;

/**
 * Control characters (NUL included, which PostgreSQL text cannot hold) become spaces; the
 * result is trimmed. Anything that is not a string is returned as it is, for validation to refuse.
 */
export function normalizeSearchText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return Array.from(value, (char) => (isControlCharacter(char) ? ' ' : char))
    .join('')
    .trim();
}

function isControlCharacter(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

export interface ParsedSearchText {
  /** The whole text, for `websearch_to_tsquery`. */
  text: string;
  /**
   * When the last word is also matched as a prefix: the text before it (without a trailing
   * `or`), the word, and whether the word was joined to the head by `or`.
   */
  prefix: { head: string; word: string; joiner: 'and' | 'or' } | null;
}

/**
 * Splits off the last word for prefix matching. No prefix when that word is excluded (`-word`),
 * inside an open or closed phrase, not made of letters and digits only (optionally ending in
 * `*`), or shorter than 2 or longer than 100 characters.
 */
export function parseSearchText(text: string): ParsedSearchText {
  const trimmed = text.trim();
  const quotes = trimmed.split('"').length - 1;
  const match = /(^|\s)(\S+)$/u.exec(trimmed);
  if (!match || quotes % 2 === 1) return { text: trimmed, prefix: null };
  const token = match[2];
  if (!PREFIXABLE.test(token)) return { text: trimmed, prefix: null };
  const word = token.endsWith('*') ? token.slice(0, -1) : token;
  const length = [...word].length;
  if (length < MIN_PREFIX_WORD || length > MAX_PREFIX_WORD) return { text: trimmed, prefix: null };
  const head = trimmed.slice(0, trimmed.length - token.length).trim();
  if (/(^|\s)-$/.test(head)) return { text: trimmed, prefix: null };
  const or = /(^|\s)or$/i.exec(head);
  if (or)
    return { text: trimmed, prefix: { head: head.slice(0, or.index).trim(), word, joiner: 'or' } };
  return { text: trimmed, prefix: { head, word, joiner: 'and' } };
}

/**
 * How the last word of a query is matched as a prefix: against the `lexemes` of the company that
 * start with it (empty when none does; see prefix-expansion.ts), or by a GIN partial match.
 */
export type PrefixMatch = { kind: 'lexemes'; lexemes: readonly string[] } | { kind: 'partial' };

/**
 * A tsquery SQL expression for `parsed`; its values are appended to `params`. The result matches
 * what `websearch_to_tsquery` matches, plus pages where the last word is the prefix of a
 * (stemmed) word and the rest of the query matches. Stop words alone give an empty query: no page
 * matches.
 */
export function tsQuerySql(
  parsed: ParsedSearchText,
  params: unknown[],
  prefix: PrefixMatch,
): string {
  const whole = (): string => {
    params.push(parsed.text);
    return `websearch_to_tsquery('english', $${params.length}::text)`;
  };
  if (!parsed.prefix) return whole();
  // No word of the company starts with the prefix: only the whole query can match (with "or"
  // the head is part of the whole query too).
  if (prefix.kind === 'lexemes' && prefix.lexemes.length === 0) return whole();
  const { head, joiner } = parsed.prefix;
  if (prefix.kind === 'lexemes') {
    params.push(lexemeDisjunction(prefix.lexemes));
    const expansion = `$${params.length}::tsquery`;
    // A lone word is its own stem, which the expansion holds whenever a page has it: the
    // expansion alone matches what word-or-prefix does, without a duplicate term to rank.
    if (head === '') return expansion;
    return combined(whole(), head, joiner, expansion);
  }
  params.push(parsed.prefix.word);
  const partial = `to_tsquery('english', quote_literal($${params.length}::text) || ':*')`;
  // A lone word has no head; `websearch_to_tsquery('')` would only add a notice per search.
  if (head === '') return `(${whole()} || ${partial})`;
  return combined(whole(), head, joiner, partial);

  function combined(text: string, rest: string, join: 'and' | 'or', word: string): string {
    params.push(rest);
    const restSql = `websearch_to_tsquery('english', $${params.length}::text)`;
    return `(${text} || (${restSql} ${join === 'or' ? '||' : '&&'} ${word}))`;
  }
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
 * which is what bounds search latency for common words (docs/benchmarks.md).
 */
export function rankSql(alias: string, query: string): string {
  return `ts_rank('{0.1, 0.2, 0.4, 1.0}'::float4[], ${alias}.search_vector, ${query}, 1)`;
}

/** Only the first this many characters of a body are read for its snippet. */
export const SNIPPET_SOURCE_CHARS = 100_000;
