import { type RawBuilder, sql } from 'kysely';
import { expansionOf, MAX_PREFIX_LEXEMES, type PrefixExpansion } from './prefix-expansion';

/**
 * The company's lexemes that start with `stem`, in order, at most one more than
 * MAX_PREFIX_LEXEMES, as an array expression. The range `[stem, stem || U+10FFFF)` in byte order
 * ("C" collation) holds every string that starts with the stem; the text search parser never
 * puts U+10FFFF, a noncharacter, into a word.
 */
export function prefixLexemes(
  company: RawBuilder<string>,
  stem: RawBuilder<string>,
): RawBuilder<string[]> {
  return sql<string[]>`ARRAY(SELECT t.lexeme FROM wiki.search_terms t
                 WHERE t.company_id = ${company}
                   AND t.lexeme >= ${stem} COLLATE "C"
                   AND t.lexeme < (${stem} || chr(1114111)) COLLATE "C"
                 ORDER BY t.lexeme
                 LIMIT ${sql.lit(MAX_PREFIX_LEXEMES + 1)})`;
}

/** What the expansion statement answers: the word's lexemes, and the company's for the first. */
export interface PrefixLexemesRecord {
  stems: string[];
  lexemes: string[];
}

export const prefixLexemesStatements = {
  /** The stem of `word` and the company's lexemes that start with it. */
  expandPrefix: (companyId: string, word: string) =>
    sql<PrefixLexemesRecord>`SELECT s.stems, ${prefixLexemes(sql`${companyId}`, sql`s.stems[1]`)} AS lexemes
       FROM (SELECT tsvector_to_array(to_tsvector('english', ${word}::text)) AS stems) s`,
};

/** The expansion of `word` from what the expandPrefix statement answered for it. */
export function expansionFromRecord(word: string, record: PrefixLexemesRecord): PrefixExpansion {
  return expansionOf(word, record.stems.length === 1 ? record.stems[0] : null, record.lexemes);
}
