import { all, clientRunner, first, type PgClient } from '@cw/db';
import { sql } from 'kysely';
import { wikiDb } from '../wiki-schema';

/** Pages of one author in one company (and, for team pages, one team), counted. */
export interface PageAuthorCount {
  companyId: string;
  personId: string;
  /** The team of team-lane pages; null otherwise. */
  teamId: string | null;
  pages: number;
}

/** Counts of seeded rows that break the schema's intent: each must be 0. */
export interface WikiSeedProblems {
  pagesWithoutFirstVersion: number;
  privatePagesOfOthers: number;
  pagesOffTheirFolder: number;
}

const ofCompanies = (companyIds: readonly string[]) => sql<string>`ANY(${[...companyIds]}::uuid[])`;

/** The statements a seed's checks run over the wiki's tables. */
export const seededWikiStatements = {
  countPages: (companyIds: readonly string[]) =>
    wikiDb
      .selectFrom('wiki.pages')
      .select(sql<number>`count(*)::int`.as('pages'))
      .where('company_id', '=', ofCompanies(companyIds)),

  pagesWithoutFirstVersion: (companyIds: readonly string[]) =>
    sql<{ n: number }>`SELECT count(*)::int AS n FROM wiki.pages p
           WHERE p.company_id = ${ofCompanies(companyIds)}
             AND NOT EXISTS (SELECT 1 FROM wiki.page_versions v
                              WHERE v.page_id = p.id AND v.version = 1 AND v.content_md = p.content_md)`,

  privatePagesOfOthers: (companyIds: readonly string[]) =>
    sql<{ n: number }>`SELECT count(*)::int AS n FROM wiki.pages p
           WHERE p.company_id = ${ofCompanies(companyIds)} AND p.lane = 'private' AND p.lane_owner_id <> p.created_by`,

  pagesOffTheirFolder: (companyIds: readonly string[]) =>
    sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM wiki.pages p JOIN wiki.folders f ON f.id = p.folder_id
           WHERE p.company_id = ${ofCompanies(companyIds)}
             AND (f.path <> p.folder_path OR f.lane <> p.lane
                  OR f.lane_owner_id IS DISTINCT FROM p.lane_owner_id OR f.company_id <> p.company_id)`,

  pageAuthorCounts: (companyIds: readonly string[]) =>
    sql<PageAuthorCount>`SELECT company_id AS "companyId", created_by AS "personId",
            CASE WHEN lane = 'team' THEN lane_owner_id END AS "teamId", count(*)::int AS pages
       FROM wiki.pages WHERE company_id = ${ofCompanies(companyIds)}
      GROUP BY 1, 2, 3`,

  wikiTableSizes: () =>
    sql<{
      pages: string;
      versions: string;
    }>`SELECT pg_size_pretty(pg_total_relation_size('wiki.pages')) AS pages,
            pg_size_pretty(pg_total_relation_size('wiki.page_versions')) AS versions`,
};

async function count(
  db: PgClient,
  statement: ReturnType<typeof seededWikiStatements.pagesWithoutFirstVersion>,
): Promise<number> {
  const row = await first(clientRunner(db), statement);
  return row?.n ?? 0;
}

/** How many pages (trashed ones too) these companies have. */
export async function countPages(db: PgClient, companyIds: string[]): Promise<number> {
  const row = await first(clientRunner(db), seededWikiStatements.countPages(companyIds));
  return row?.pages ?? 0;
}

/** What the wiki's own rows of a seed get wrong (see WikiSeedProblems). */
export async function wikiSeedProblems(
  db: PgClient,
  companyIds: string[],
): Promise<WikiSeedProblems> {
  return {
    pagesWithoutFirstVersion: await count(
      db,
      seededWikiStatements.pagesWithoutFirstVersion(companyIds),
    ),
    privatePagesOfOthers: await count(db, seededWikiStatements.privatePagesOfOthers(companyIds)),
    pagesOffTheirFolder: await count(db, seededWikiStatements.pagesOffTheirFolder(companyIds)),
  };
}

/**
 * The authors of these companies' pages, per company (and team, for team pages), with their
 * page counts: for checks against identity (are the authors members, of those teams?).
 */
export function pageAuthorCounts(db: PgClient, companyIds: string[]): Promise<PageAuthorCount[]> {
  return all(clientRunner(db), seededWikiStatements.pageAuthorCounts(companyIds));
}

/** The size on disk of the pages and page versions tables, for people to read. */
export async function wikiTableSizes(db: PgClient): Promise<{ pages: string; versions: string }> {
  const [row] = await all(clientRunner(db), seededWikiStatements.wikiTableSizes());
  return row;
}
