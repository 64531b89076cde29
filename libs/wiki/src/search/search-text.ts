/**
 * What a search's text means before it becomes SQL (fts-query.sql.ts): the text is normalized,
 * and its last word is split off to be matched as a prefix as well.
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
