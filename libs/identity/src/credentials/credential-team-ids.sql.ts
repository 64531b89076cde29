import { type RawBuilder, sql } from 'kysely';
import { identityDb } from '../identity-schema';

/**
 * The ids of the teams, in the credential's company, that its person belongs to, as an
 * expression of the row `alias` (a sessions, api_keys, memberships or OAuth sign-in row: anything
 * with `person_id` and `company_id`), unnamed: name it where it is selected, `.as('teamIds')` in
 * a builder's `select`, or `${teamIdsOf('s')} AS "teamIds"` in raw SQL.
 */
export function teamIdsOf(alias: string): RawBuilder<string[]> {
  const teamIds = identityDb
    .selectFrom('identity.team_memberships as tm')
    .innerJoin('identity.teams as t', 't.id', 'tm.team_id')
    .select('tm.team_id')
    .where('tm.person_id', '=', sql.ref<string>(`${alias}.person_id`))
    .where('t.company_id', '=', sql.ref<string>(`${alias}.company_id`));
  // Kysely parenthesizes the subquery: `ARRAY(select ...)`.
  return sql<string[]>`ARRAY${teamIds}`;
}
