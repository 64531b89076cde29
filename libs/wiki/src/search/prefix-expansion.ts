/**
 * A prefix that starts more of the company's lexemes than this is matched by a GIN partial match
 * instead: every lexeme of the expansion is one more term to look up and to rank.
 */
export const MAX_PREFIX_LEXEMES = 16;

/**
 * How the last word of a query is matched as a prefix: against the `lexemes` of the company that
 * start with it (empty when none does), or by a GIN partial match.
 */
export type PrefixMatch = { kind: 'lexemes'; lexemes: readonly string[] } | { kind: 'partial' };

/**
 * How the last word of a search in one company is matched as a prefix. Matching the company's
 * lexemes that start with the word's stem (`wiki.search_terms`, SearchTermRepository) finds the
 * same pages as the prefix query `stem:*`, but the GIN index then reads the company's postings of
 * a few lexemes instead of the postings of every company's words with that prefix. A word that is
 * not exactly one lexeme (a stop word), or a prefix of too many lexemes, keeps the partial match.
 */
export interface PrefixExpansion {
  word: string;
  /** The word's one lexeme; null for a stop word or a word of several lexemes. */
  stem: string | null;
  match: PrefixMatch;
}

/** The expansion of `word` given its stem and the company's lexemes found for it. */
export function expansionOf(
  word: string,
  stem: string | null,
  lexemes: readonly string[],
): PrefixExpansion {
  if (stem === null || lexemes.length > MAX_PREFIX_LEXEMES)
    return { word, stem, match: { kind: 'partial' } };
  return { word, stem, match: { kind: 'lexemes', lexemes } };
}

/** Whether two expansions of the same word match the same lexemes. */
export function sameExpansion(a: PrefixExpansion, b: PrefixExpansion): boolean {
  if (a.match.kind !== b.match.kind) return false;
  if (a.match.kind === 'partial' || b.match.kind === 'partial') return true;
  const [left, right] = [a.match.lexemes, b.match.lexemes];
  return left.length === right.length && left.every((lexeme, index) => lexeme === right[index]);
}
