import type { DataSource } from 'typeorm';

/**
 * What identity's tables hold behind its routes, for tests outside the context that check the
 * database state (the routes never answer it).
 */
export async function storedApiKeyHash(
  dataSource: DataSource,
  keyId: string,
): Promise<Buffer | undefined> {
  const rows: { token_hash: Buffer }[] = await dataSource.query(
    'SELECT token_hash FROM identity.api_keys WHERE id = $1',
    [keyId],
  );
  return rows[0]?.token_hash;
}

export async function liveApiKeyCount(dataSource: DataSource, personId: string): Promise<number> {
  const [{ live }]: { live: number }[] = await dataSource.query(
    'SELECT count(*)::int AS live FROM identity.api_keys WHERE person_id = $1 AND revoked_at IS NULL',
    [personId],
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
  const [counts]: DirectoryCounts[] = await dataSource.query(
    `SELECT (SELECT count(*)::int FROM identity.companies WHERE lower(name) = lower($1)) AS companies,
            (SELECT count(*)::int FROM identity.memberships WHERE person_id = $2) AS memberships,
            (SELECT count(*)::int FROM identity.team_memberships WHERE person_id = $2) AS teams,
            (SELECT count(*)::int FROM identity.operator_grants WHERE person_id = $2) AS grants`,
    [companyName, personId],
  );
  return counts;
}

/**
 * Ends a membership as `DirectoryService.removeMembership` does, without the revocation it
 * broadcasts: how another process sees it before that message arrives.
 */
export async function endMembershipUnannounced(
  dataSource: DataSource,
  companyId: string,
  personId: string,
): Promise<void> {
  await dataSource.query(
    'DELETE FROM identity.memberships WHERE company_id = $1 AND person_id = $2',
    [companyId, personId],
  );
}
