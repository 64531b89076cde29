import { first, run } from '@cw/db';
import { sql } from 'kysely';
import type { DataSource } from 'typeorm';
import { identityDb } from '../identity-schema';

const aSecondAgo = () => sql<Date>`now() - interval '1 second'`;

/**
 * Moves agent-test grants and sign-in links past their deadlines, so tests outside the context
 * check expiry without waiting for the clock.
 */
export async function expireAgentTestGrant(dataSource: DataSource, grantId: string): Promise<void> {
  await run(
    dataSource,
    identityDb
      .updateTable('identity.agent_test_grants')
      .set({ expires_at: aSecondAgo() })
      .where('id', '=', grantId),
  );
}

export async function expireAgentTestSignInLinks(
  dataSource: DataSource,
  personId: string,
): Promise<void> {
  await run(
    dataSource,
    identityDb
      .updateTable('identity.agent_test_sign_in_links')
      .set({ expires_at: aSecondAgo() })
      .where('person_id', '=', personId),
  );
}

/** The person's agent-test sessions that still work. */
export async function liveAgentTestSessionCount(
  dataSource: DataSource,
  personId: string,
): Promise<number> {
  const row = await first(
    dataSource,
    identityDb
      .selectFrom('identity.sessions')
      .select(sql<number>`count(*)::int`.as('live'))
      .where('person_id', '=', personId)
      .where('kind', '=', sql.lit('agent_test'))
      .where('revoked_at', 'is', null),
  );
  return row?.live ?? 0;
}
