import { type RawBuilder, sql } from 'kysely';

/**
 * The ids of the teams, in the credential's company, that its person belongs to: a select-list
 * item for the live-credential lookups, where `alias` is the sessions or api_keys row.
 */
export const credentialTeamIds = (alias: string): string => `
  ARRAY(SELECT tm.team_id FROM identity.team_memberships tm
          JOIN identity.teams t ON t.id = tm.team_id
         WHERE tm.person_id = ${alias}.person_id AND t.company_id = ${alias}.company_id) AS team_ids`;

/**
 * The same team ids as an expression of the row `alias` (a sessions, api_keys, memberships or
 * OAuth sign-in row: anything with `person_id` and `company_id`), unnamed: name it where it is
 * selected, `.as('teamIds')` in a builder's `select`, or `${teamIdsOf('s')} AS "teamIds"` in raw
 * SQL.
 */
export function teamIdsOf(alias: string): RawBuilder<string[]> {
  const person = sql.ref(`${alias}.person_id`);
  const company = sql.ref(`${alias}.company_id`);
  return sql<string[]>`ARRAY(SELECT tm.team_id FROM identity.team_memberships tm
          JOIN identity.teams t ON t.id = tm.team_id
         WHERE tm.person_id = ${person} AND t.company_id = ${company})`;
}
