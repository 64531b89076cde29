import type { DataSource } from 'typeorm';

/**
 * Moves agent-test grants and sign-in links past their deadlines, so tests outside the context
 * check expiry without waiting for the clock.
 */
export async function expireAgentTestGrant(dataSource: DataSource, grantId: string): Promise<void> {
  await dataSource.query(
    `UPDATE identity.agent_test_grants SET expires_at = now() - interval '1 second' WHERE id = $1`,
    [grantId],
  );
}

export async function expireAgentTestSignInLinks(
  dataSource: DataSource,
  personId: string,
): Promise<void> {
  await dataSource.query(
    `UPDATE identity.agent_test_sign_in_links SET expires_at = now() - interval '1 second'
      WHERE person_id = $1`,
    [personId],
  );
}

/** The person's agent-test sessions that still work. */
export async function liveAgentTestSessionCount(
  dataSource: DataSource,
  personId: string,
): Promise<number> {
  const [{ live }]: { live: number }[] = await dataSource.query(
    `SELECT count(*)::int AS live FROM identity.sessions
      WHERE person_id = $1 AND kind = 'agent_test' AND revoked_at IS NULL`,
    [personId],
  );
  return live;
}
