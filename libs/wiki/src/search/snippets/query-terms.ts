/** The lexemes a snippet highlights: whole lexemes, and prefixes (`'kuber':*`). */
export interface QueryTerms {
  exact: ReadonlySet<string>;
  prefixes: readonly string[];
}

const OPERAND = /'((?:[^'\\]|''|\\.)*)'(?::(\*?)[A-D]*)?/g;

/**
 * The terms of a tsquery as `querytree()` prints it: the positive part of the query (negated
 * operands are dropped, `T` when nothing is left), each operand quoted, quotes doubled,
 * backslashes escaped, a prefix marked `:*`.
 */
export function queryTermsOf(querytree: string): QueryTerms {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const [, quoted, star] of querytree.matchAll(OPERAND)) {
    const lexeme = quoted.replace(/''/g, "'").replace(/\\(.)/g, '$1');
    if (star) prefixes.push(lexeme);
    else exact.add(lexeme);
  }
  return { exact, prefixes };
}
