import { all, first, rawQuery, run } from '@cw/db';
import { sql } from 'kysely';
import type { DataSource } from 'typeorm';
import { identityDb } from '../identity-schema';

/**
 * What identity's tables hold behind its routes, for tests outside the context that check the
 * database state (the routes never answer it).
 */
export async function storedApiKeyHash(
  dataSource: DataSource,
  keyId: string,
): Promise<Buffer | undefined> {
  const row = await first(
    dataSource,
    identityDb.selectFrom('identity.api_keys').select('token_hash').where('id', '=', keyId),
  );
  return row?.token_hash;
}

export async function liveApiKeyCount(dataSource: DataSource, personId: string): Promise<number> {
  const [{ live }] = await all(
    dataSource,
    identityDb
      .selectFrom('identity.api_keys')
      .select(sql<number>`count(*)::int`.as('live'))
      .where('person_id', '=', personId)
      .where('revoked_at', 'is', null),
  );
  return live;
}

export interface DirectoryCounts {
  /** Companies of that name, case-insensitively. */
  companies: number;
  memberships: number;
  teams: number;
  grants: number;
}

/** How many companies bear `companyName`, and the memberships, teams and grants of a person. */
export async function directoryCounts(
  dataSource: DataSource,
  companyName: string,
  personId: string,
): Promise<DirectoryCounts> {
  // One text naming the person three times: rawQuery binds it once.
  const [counts] = await all(
    dataSource,
    rawQuery<DirectoryCounts>(
      `SELECT (SELECT count(*)::int FROM identity.companies WHERE lower(name) = lower($1)) AS companies,
              (SELECT count(*)::int FROM identity.memberships WHERE person_id = $2) AS memberships,
              (SELECT count(*)::int FROM identity.team_memberships WHERE person_id = $2) AS teams,
              (SELECT count(*)::int FROM identity.operator_grants WHERE person_id = $2) AS grants`,
      [companyName, personId],
    ),
  );
  return counts;
}

/**
 * Ends a membership as `DirectoryService.removeMembership` does, without the revocation it
 * broadcasts: how another process sees it before that message arrives.
 */
export function endMembershipUnannounced(
  dataSource: DataSource,
  companyId: string,
  personId: string,
): Promise<void> {
  return run(
    dataSource,
    identityDb
      .deleteFrom('identity.memberships')
      .where('company_id', '=', companyId)
      .where('person_id', '=', personId),
  );
}
