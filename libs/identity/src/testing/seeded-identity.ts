import type { SqlClient } from './bulk-seed';

/** A person of a bulk seed, with the company and teams their credentials carry. */
export interface SeededPerson {
  email: string;
  personId: string;
  companyId: string;
  teamIds: string[];
}

/** The email of person `person` of company `company` of the seed `tag`. */
export function seededEmail(tag: string, company: number, person: number): string {
  return `p${person}.c${company}.${tag}@bench.example`;
}

/** The tag of the newest bulk seed in the database and its companies, or null. */
export async function findLatestSeed(
  db: SqlClient,
): Promise<{ tag: string; companyIds: string[] } | null> {
  const { rows } = await db.query<{ tag: string; company_ids: string[] }>(
    `SELECT substring(name FROM '^Bench ([a-z0-9]+) Company') AS tag, array_agg(id) AS company_ids
       FROM identity.companies WHERE name ~ '^Bench [a-z0-9]+ Company [0-9]+$'
      GROUP BY 1 ORDER BY min(created_at) DESC LIMIT 1`,
  );
  return rows.length === 0 ? null : { tag: rows[0].tag, companyIds: rows[0].company_ids };
}

/** The companies of the seed `tag`. */
export async function seededCompanyIds(db: SqlClient, tag: string): Promise<string[]> {
  const { rows } = await db.query<{ ids: string[] | null }>(
    `SELECT array_agg(id) AS ids FROM identity.companies WHERE name LIKE $1`,
    [`Bench ${tag} Company %`],
  );
  return rows[0].ids ?? [];
}

/** Person `person` of company `company` of the seed `tag`. */
export async function seededPerson(
  db: SqlClient,
  tag: string,
  company: number,
  person: number,
): Promise<SeededPerson> {
  const email = seededEmail(tag, company, person);
  const { rows } = await db.query<{ person_id: string; company_id: string; team_ids: string[] }>(
    `SELECT pe.id AS person_id, m.company_id,
            ARRAY(SELECT tm.team_id FROM identity.team_memberships tm
                    JOIN identity.teams t ON t.id = tm.team_id
                   WHERE tm.person_id = pe.id AND t.company_id = m.company_id) AS team_ids
       FROM identity.people pe JOIN identity.memberships m ON m.person_id = pe.id
      WHERE lower(pe.email) = lower($1)`,
    [email],
  );
  if (rows.length === 0) throw new Error(`no seeded person ${email}`);
  return {
    email,
    personId: rows[0].person_id,
    companyId: rows[0].company_id,
    teamIds: rows[0].team_ids,
  };
}

/** `company|person` of every membership in these companies. */
export async function membershipKeys(db: SqlClient, companyIds: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ key: string }>(
    `SELECT company_id || '|' || person_id AS key FROM identity.memberships
      WHERE company_id = ANY($1::uuid[])`,
    [companyIds],
  );
  return new Set(rows.map((row) => row.key));
}

/** `company|team|person` of every team membership of a team of these companies. */
export async function teamMembershipKeys(
  db: SqlClient,
  companyIds: string[],
): Promise<Set<string>> {
  const { rows } = await db.query<{ key: string }>(
    `SELECT t.company_id || '|' || t.id || '|' || tm.person_id AS key
       FROM identity.teams t JOIN identity.team_memberships tm ON tm.team_id = t.id
      WHERE t.company_id = ANY($1::uuid[])`,
    [companyIds],
  );
  return new Set(rows.map((row) => row.key));
}
