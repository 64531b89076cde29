import { ApiKeyService } from '@cw/identity';
import type { Pool } from 'pg';
import { withAdminContext } from '../admin/admin-context';
import { seedEmail } from './seed-wiki';

export interface BenchActor {
  email: string;
  personId: string;
  companyId: string;
  teamIds: string[];
}

export const BENCH_KEY_NAME = 'bench';

/** The tag of the newest bench seed in the database and its page count, or null. */
export async function findSeed(pool: Pool): Promise<{ tag: string; pages: number } | null> {
  const { rows } = await pool.query<{ tag: string; company_ids: string[] }>(
    `SELECT substring(name FROM '^Bench ([a-z0-9]+) Company') AS tag, array_agg(id) AS company_ids
       FROM identity.companies WHERE name ~ '^Bench [a-z0-9]+ Company [0-9]+$'
      GROUP BY 1 ORDER BY min(created_at) DESC LIMIT 1`,
  );
  if (rows.length === 0) return null;
  const { rows: counts } = await pool.query<{ pages: number }>(
    `SELECT count(*)::int AS pages FROM wiki.pages WHERE company_id = ANY($1::uuid[])`,
    [rows[0].company_ids],
  );
  return { tag: rows[0].tag, pages: counts[0].pages };
}

/** Person `person` of company `company` of a seed, with the team ids their credential carries. */
export async function seededActor(
  pool: Pool,
  tag: string,
  company: number,
  person: number,
): Promise<BenchActor> {
  const email = seedEmail(tag, company, person);
  const { rows } = await pool.query<{ person_id: string; company_id: string; team_ids: string[] }>(
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

/**
 * Mints an API key per actor through the identity lib (ApiKeyService), after revoking the keys
 * earlier bench runs left on a reused database (a person holds at most 25 live keys).
 */
export async function mintKeys(
  pool: Pool,
  databaseUrl: string,
  redisUrl: string,
  actors: readonly BenchActor[],
  scopes: string[],
): Promise<string[]> {
  await pool.query(
    `UPDATE identity.api_keys SET revoked_at = now()
      WHERE name = $1 AND revoked_at IS NULL AND person_id = ANY($2::uuid[])`,
    [BENCH_KEY_NAME, actors.map((actor) => actor.personId)],
  );
  process.env.DATABASE_URL = databaseUrl;
  process.env.REDIS_URL = redisUrl;
  process.env.QUEUE_PREFIX ??= `cwbench-${process.pid}`;
  process.env.LOG_LEVEL ??= 'warn';
  return withAdminContext(async (context) => {
    const keys = context.get(ApiKeyService);
    const tokens: string[] = [];
    for (const actor of actors) {
      const key = await keys.create(actor, BENCH_KEY_NAME, scopes);
      tokens.push(key.token);
    }
    return tokens;
  });
}
