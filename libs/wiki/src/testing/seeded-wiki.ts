import type { SqlClient } from '@cw/identity/testing';

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

async function count(db: SqlClient, sql: string, companyIds: string[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(sql, [companyIds]);
  return rows[0].n;
}

/** How many pages (trashed ones too) these companies have. */
export async function countPages(db: SqlClient, companyIds: string[]): Promise<number> {
  const { rows } = await db.query<{ pages: number }>(
    `SELECT count(*)::int AS pages FROM wiki.pages WHERE company_id = ANY($1::uuid[])`,
    [companyIds],
  );
  return rows[0].pages;
}

/** What the wiki's own rows of a seed get wrong (see WikiSeedProblems). */
export async function wikiSeedProblems(
  db: SqlClient,
  companyIds: string[],
): Promise<WikiSeedProblems> {
  return {
    pagesWithoutFirstVersion: await count(
      db,
      `SELECT count(*)::int AS n FROM wiki.pages p
           WHERE p.company_id = ANY($1::uuid[])
             AND NOT EXISTS (SELECT 1 FROM wiki.page_versions v
                              WHERE v.page_id = p.id AND v.version = 1 AND v.content_md = p.content_md)`,
      companyIds,
    ),
    privatePagesOfOthers: await count(
      db,
      `SELECT count(*)::int AS n FROM wiki.pages p
           WHERE p.company_id = ANY($1::uuid[]) AND p.lane = 'private' AND p.lane_owner_id <> p.created_by`,
      companyIds,
    ),
    pagesOffTheirFolder: await count(
      db,
      `SELECT count(*)::int AS n FROM wiki.pages p JOIN wiki.folders f ON f.id = p.folder_id
           WHERE p.company_id = ANY($1::uuid[])
             AND (f.path <> p.folder_path OR f.lane <> p.lane
                  OR f.lane_owner_id IS DISTINCT FROM p.lane_owner_id OR f.company_id <> p.company_id)`,
      companyIds,
    ),
  };
}

/**
 * The authors of these companies' pages, per company (and team, for team pages), with their
 * page counts: for checks against identity (are the authors members, of those teams?).
 */
export async function pageAuthorCounts(
  db: SqlClient,
  companyIds: string[],
): Promise<PageAuthorCount[]> {
  const { rows } = await db.query<PageAuthorCount>(
    `SELECT company_id AS "companyId", created_by AS "personId",
            CASE WHEN lane = 'team' THEN lane_owner_id END AS "teamId", count(*)::int AS pages
       FROM wiki.pages WHERE company_id = ANY($1::uuid[])
      GROUP BY 1, 2, 3`,
    [companyIds],
  );
  return rows;
}

/** The size on disk of the pages and page versions tables, for people to read. */
export async function wikiTableSizes(db: SqlClient): Promise<{ pages: string; versions: string }> {
  const { rows } = await db.query<{ pages: string; versions: string }>(
    `SELECT pg_size_pretty(pg_total_relation_size('wiki.pages')) AS pages,
            pg_size_pretty(pg_total_relation_size('wiki.page_versions')) AS versions`,
  );
  return rows[0];
}
