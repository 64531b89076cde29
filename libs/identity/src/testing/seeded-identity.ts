import { all, clientRunner, first } from '@cw/db';
import { sql } from 'kysely';
import { teamIdsOf } from '../credentials/credential-team-ids.sql';
import { identityDb } from '../identity-schema';
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
export function findLatestSeed(
  db: SqlClient,
): Promise<{ tag: string; companyIds: string[] } | null> {
  return first(
    clientRunner(db),
    identityDb
      .selectFrom('identity.companies')
      .select([
        sql<string>`substring(name FROM '^Bench ([a-z0-9]+) Company')`.as('tag'),
        sql<string[]>`array_agg(id)`.as('companyIds'),
      ])
      .where('name', '~', '^Bench [a-z0-9]+ Company [0-9]+$')
      .groupBy(sql`1`)
      .orderBy(sql`min(created_at)`, 'desc')
      .limit(1),
  );
}

/** The companies of the seed `tag`. */
export async function seededCompanyIds(db: SqlClient, tag: string): Promise<string[]> {
  const row = await first(
    clientRunner(db),
    identityDb
      .selectFrom('identity.companies')
      .select(sql<string[] | null>`array_agg(id)`.as('ids'))
      .where('name', 'like', `Bench ${tag} Company %`),
  );
  return row?.ids ?? [];
}

/** Person `person` of company `company` of the seed `tag`. */
export async function seededPerson(
  db: SqlClient,
  tag: string,
  company: number,
  person: number,
): Promise<SeededPerson> {
  const email = seededEmail(tag, company, person);
  const row = await first(
    clientRunner(db),
    identityDb
      .selectFrom('identity.people as pe')
      .innerJoin('identity.memberships as m', 'm.person_id', 'pe.id')
      .select(['pe.id as personId', 'm.company_id as companyId', teamIdsOf('m').as('teamIds')])
      .where((eb) => eb(eb.fn('lower', ['pe.email']), '=', eb.fn('lower', [eb.val(email)]))),
  );
  if (!row) throw new Error(`no seeded person ${email}`);
  return { email, ...row };
}

/** `company|person` of every membership in these companies. */
export async function membershipKeys(db: SqlClient, companyIds: string[]): Promise<Set<string>> {
  const rows = await all(
    clientRunner(db),
    identityDb
      .selectFrom('identity.memberships')
      .select(sql<string>`company_id || '|' || person_id`.as('key'))
      .where(sql<boolean>`company_id = ANY(${companyIds}::uuid[])`),
  );
  return new Set(rows.map((row) => row.key));
}

/** `company|team|person` of every team membership of a team of these companies. */
export async function teamMembershipKeys(
  db: SqlClient,
  companyIds: string[],
): Promise<Set<string>> {
  const rows = await all(
    clientRunner(db),
    identityDb
      .selectFrom('identity.teams as t')
      .innerJoin('identity.team_memberships as tm', 'tm.team_id', 't.id')
      .select(sql<string>`t.company_id || '|' || t.id || '|' || tm.person_id`.as('key'))
      .where(sql<boolean>`t.company_id = ANY(${companyIds}::uuid[])`),
  );
  return new Set(rows.map((row) => row.key));
}
