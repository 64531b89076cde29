/**
 * The ids of the teams, in the credential's company, that its person belongs to: a select-list
 * item for the live-credential lookups, where `alias` is the sessions or api_keys row.
 */
export const credentialTeamIds = (alias: string): string => `
  ARRAY(SELECT tm.team_id FROM identity.team_memberships tm
          JOIN identity.teams t ON t.id = tm.team_id
         WHERE tm.person_id = ${alias}.person_id AND t.company_id = ${alias}.company_id) AS team_ids`;
