import { expansionOf, MAX_PREFIX_LEXEMES, type PrefixExpansion } from './prefix-expansion';

/**
 * SQL for the company's lexemes that start with `stem`, in order, at most one more than
 * MAX_PREFIX_LEXEMES (`company` and `stem` are placeholders). The range
 * `[stem, stem || U+10FFFF)` in byte order ("C" collation) holds every string that starts with
 * the stem; the text search parser never puts U+10FFFF, a noncharacter, into a word.
 */
export function prefixLexemesSql(company: string, stem: string): string {
  return `ARRAY(SELECT t.lexeme FROM wiki.search_terms t
                 WHERE t.company_id = ${company}
                   AND t.lexeme >= ${stem} COLLATE "C"
                   AND t.lexeme < (${stem} || chr(1114111)) COLLATE "C"
                 ORDER BY t.lexeme
                 LIMIT ${MAX_PREFIX_LEXEMES + 1})`;
}

/** What the expansion statement answers: the word's lexemes, and the company's for the first. */
export interface PrefixLexemesRecord {
  stems: string[];
  lexemes: string[];
}

/** The statement reading the stem of `word` and the company's lexemes that start with it. */
export function prefixLexemesStatement(
  companyId: string,
  word: string,
): { sql: string; params: unknown[] } {
  return {
    sql: `SELECT s.stems, ${prefixLexemesSql('$1', 's.stems[1]')} AS lexemes
       FROM (SELECT tsvector_to_array(to_tsvector('english', $2::text)) AS stems) s`,
    params: [companyId, word],
  };
}

/** The expansion of `word` from what prefixLexemesStatement answered for it. */
export function expansionFromRecord(word: string, record: PrefixLexemesRecord): PrefixExpansion {
  return expansionOf(word, record.stems.length === 1 ? record.stems[0] : null, record.lexemes);
}
