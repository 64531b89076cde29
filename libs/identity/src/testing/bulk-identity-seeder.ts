import { clientRunner, run } from '@cw/db';
import { sql } from 'kysely';
import { runNamed, type SqlClient, type TimedStep } from './bulk-seed';

/** The size and vocabulary of a bulk identity seed. */
export interface BulkIdentitySeed {
  /** Names, emails and ids of the seed derive from it; a new one makes a second seed coexist. */
  tag: string;
  companies: number;
  peoplePerCompany: number;
  teamsPerCompany: number;
  names: { first: readonly string[]; last: readonly string[]; teams: readonly string[] };
}

const companyId = (c: string): string => `md5(:tag::text || '|c|' || ${c})::uuid`;
const personId = (c: string, p: string): string =>
  `md5(:tag::text || '|p|' || ${c} || '|' || ${p})::uuid`;
const teamId = (c: string, t: string): string =>
  `md5(:tag::text || '|t|' || ${c} || '|' || ${t})::uuid`;
const teamName = (t: string): string =>
  `CASE WHEN ${t} <= cardinality(:team_names::text[]) THEN (:team_names::text[])[${t}] ELSE 'Team ' || ${t} END`;

/**
 * SQL expressions naming the rows of a bulk identity seed by their numbers (company `c`, person
 * `p` of the company, team `t` of the company), over the named parameters of
 * BulkIdentitySeeder.params. Ids derive from the tag (md5 → uuid), so a statement can refer to
 * the rows of the others without reading them back.
 */
export const seededIdentitySql = {
  companyId,
  personId,
  teamId,
  teamName,
  /** The ids of the seed's companies, as a subquery. */
  companies: `(SELECT ${companyId('c')} FROM generate_series(1, :companies::int) c)`,
};

const STEPS: { step: string; text: string }[] = [
  {
    step: 'companies',
    text: `INSERT INTO identity.companies (id, name)
          SELECT ${companyId('c')}, format('Bench %s Company %s', :tag::text, lpad(c::text, 3, '0'))
            FROM generate_series(1, :companies::int) c`,
  },
  {
    step: 'people',
    text: `INSERT INTO identity.people (id, email, name)
          SELECT ${personId('c', 'p')}, format('p%s.c%s.%s@bench.example', p, c, :tag::text),
                 format('%s %s', (:first_names::text[])[1 + (c * :people::int + p) % cardinality(:first_names::text[])],
                        (:last_names::text[])[1 + ((c * :people::int + p) / cardinality(:first_names::text[])) % cardinality(:last_names::text[])])
            FROM generate_series(1, :companies::int) c, generate_series(1, :people::int) p`,
  },
  {
    step: 'memberships',
    text: `INSERT INTO identity.memberships (company_id, person_id, role)
          SELECT ${companyId('c')}, ${personId('c', 'p')}, CASE WHEN p = 1 THEN 'admin' ELSE 'member' END
            FROM generate_series(1, :companies::int) c, generate_series(1, :people::int) p`,
  },
  {
    step: 'teams',
    text: `INSERT INTO identity.teams (id, company_id, name)
          SELECT ${teamId('c', 't')}, ${companyId('c')}, ${teamName('t')}
            FROM generate_series(1, :companies::int) c, generate_series(1, :teams::int) t`,
  },
  {
    // Everyone is in one team; every third person in a second one too.
    step: 'team memberships',
    text: `INSERT INTO identity.team_memberships (team_id, person_id)
          SELECT ${teamId('c', '1 + (p - 1) % :teams::int')}, ${personId('c', 'p')}
            FROM generate_series(1, :companies::int) c, generate_series(1, :people::int) p
          UNION ALL
          SELECT ${teamId('c', '1 + p % :teams::int')}, ${personId('c', 'p')}
            FROM generate_series(1, :companies::int) c, generate_series(1, :people::int) p
           WHERE p % 3 = 0 AND :teams::int > 1`,
  },
];

const TABLES = [
  'identity.companies',
  'identity.people',
  'identity.memberships',
  'identity.teams',
  'identity.team_memberships',
];

/**
 * Companies `Bench <tag> Company 001…`, each with its people (`p<n>.c<m>.<tag>@bench.example`,
 * person 1 an admin), teams and team memberships, written with one set-based statement per table
 * on the caller's connection, inside the caller's transaction: the benchmarks' seed.
 */
export class BulkIdentitySeeder {
  constructor(readonly seed: BulkIdentitySeed) {}

  /** The named parameters the statements and seededIdentitySql refer to. */
  get params(): Readonly<Record<string, unknown>> {
    return {
      tag: this.seed.tag,
      companies: this.seed.companies,
      people: this.seed.peoplePerCompany,
      teams: this.seed.teamsPerCompany,
      team_names: this.seed.names.teams,
      first_names: this.seed.names.first,
      last_names: this.seed.names.last,
    };
  }

  async insert(client: SqlClient, timed: TimedStep): Promise<void> {
    for (const { step, text } of STEPS)
      await timed(step, () => runNamed(client, text, this.params));
  }

  /** VACUUM ANALYZE of the tables the seed wrote (outside any transaction). */
  async analyze(client: SqlClient): Promise<void> {
    for (const table of TABLES) {
      await run(clientRunner(client), sql`VACUUM (ANALYZE) ${sql.table(table)}`);
    }
  }
}
