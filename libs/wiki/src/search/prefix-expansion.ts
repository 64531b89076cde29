import { type ParsedSearchText, type PrefixMatch, parseSearchText, tsQuerySql } from './fts-query';

/**
 * A prefix that starts more of the company's lexemes than this is matched by a GIN partial match
 * instead: every lexeme of the expansion is one more term to look up and to rank.
 */
export const MAX_PREFIX_LEXEMES = 16;

/** What building a search needs of a connection: a TypeORM DataSource or EntityManager fits. */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** How the last word of a search in one company is matched as a prefix. */
export interface PrefixExpansion {
  word: string;
  /** The word's one lexeme; null for a stop word or a word of several lexemes. */
  stem: string | null;
  match: PrefixMatch;
}

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

/**
 * The lexemes of the company (wiki.search_terms, kept complete by triggers on wiki.pages) that
 * start with the stem of `word`. Matching those exact lexemes finds the same pages as the prefix
 * query `stem:*`, but the GIN index then reads the company's postings of a few lexemes instead of
 * the postings of every company's words with that prefix. A word that is not exactly one lexeme
 * (a stop word), or a prefix of too many lexemes, keeps the partial match.
 */
export async function expandPrefix(
  db: Queryable,
  companyId: string,
  word: string,
): Promise<PrefixExpansion> {
  const [row] = (await db.query(
    `SELECT s.stems, ${prefixLexemesSql('$1', 's.stems[1]')} AS lexemes
       FROM (SELECT tsvector_to_array(to_tsvector('english', $2::text)) AS stems) s`,
    [companyId, word],
  )) as { stems: string[]; lexemes: string[] }[];
  return expansionOf(word, row.stems.length === 1 ? row.stems[0] : null, row.lexemes);
}

/** Whether two expansions of the same word match the same lexemes. */
export function sameExpansion(a: PrefixExpansion, b: PrefixExpansion): boolean {
  if (a.match.kind !== b.match.kind) return false;
  if (a.match.kind === 'partial' || b.match.kind === 'partial') return true;
  const [left, right] = [a.match.lexemes, b.match.lexemes];
  return left.length === right.length && left.every((lexeme, index) => lexeme === right[index]);
}

/** A freshly read expansion of the last word of `parsed`, or null when it has no prefix. */
export function expansionFor(
  db: Queryable,
  companyId: string,
  parsed: ParsedSearchText,
): Promise<PrefixExpansion | null> {
  return parsed.prefix ? expandPrefix(db, companyId, parsed.prefix.word) : Promise.resolve(null);
}

/** The tsquery SQL of `text` for a search in `companyId` (values appended to `params`). */
export async function searchQuerySql(
  db: Queryable,
  companyId: string,
  text: string,
  params: unknown[],
): Promise<string> {
  const parsed = parseSearchText(text);
  const expansion = await expansionFor(db, companyId, parsed);
  return tsQuerySql(parsed, params, expansion?.match ?? { kind: 'partial' });
}
