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

interface ExpansionRow {
  stems: string[];
  lexemes: string[];
}

/**
 * The lexemes of the company (wiki.search_terms, kept complete by triggers on wiki.pages) that
 * start with the stem of `word`. Matching those exact lexemes finds the same pages as the prefix
 * query `stem:*`, but the GIN index then reads the company's postings of a few lexemes instead of
 * the postings of every company's words with that prefix. A word that is not exactly one lexeme
 * (a stop word), or a prefix of too many lexemes, keeps the partial match.
 *
 * The range `[stem, stem || U+10FFFF)` in byte order ("C" collation) holds every string that starts
 * with the stem; the text search parser never puts U+10FFFF, a noncharacter, into a word.
 */
export async function expandPrefix(
  db: Queryable,
  companyId: string,
  word: string,
): Promise<PrefixMatch> {
  const [row] = (await db.query(
    `SELECT s.stems,
            ARRAY(SELECT t.lexeme FROM wiki.search_terms t
                   WHERE t.company_id = $1
                     AND t.lexeme >= s.stems[1] COLLATE "C"
                     AND t.lexeme < (s.stems[1] || chr(1114111)) COLLATE "C"
                   ORDER BY t.lexeme
                   LIMIT $3) AS lexemes
       FROM (SELECT tsvector_to_array(to_tsvector('english', $2::text)) AS stems) s`,
    [companyId, word, MAX_PREFIX_LEXEMES + 1],
  )) as ExpansionRow[];
  if (row.stems.length !== 1 || row.lexemes.length > MAX_PREFIX_LEXEMES) return { kind: 'partial' };
  return { kind: 'lexemes', lexemes: row.lexemes };
}

/** The tsquery SQL of `text` for a search in `companyId` (values appended to `params`). */
export async function searchQuerySql(
  db: Queryable,
  companyId: string,
  text: string,
  params: unknown[],
): Promise<string> {
  const parsed: ParsedSearchText = parseSearchText(text);
  const prefix: PrefixMatch = parsed.prefix
    ? await expandPrefix(db, companyId, parsed.prefix.word)
    : { kind: 'partial' };
  return tsQuerySql(parsed, params, prefix);
}
