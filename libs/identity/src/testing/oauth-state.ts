import { all, first, rawQuery, run } from '@cw/db';
import { sql } from 'kysely';
import type { DataSource } from 'typeorm';
import { identityDb } from '../identity-schema';

/** The SHA-256 of a token, as the OAuth tables store it. */
const hashOf = (token: string) => sql<Buffer>`sha256(convert_to(${token}, 'UTF8'))`;

/**
 * How many stored access and refresh tokens hash to this token, and how many rows of the OAuth
 * tables hold it in plain text anywhere (every column, as text).
 */
export async function storedTokenForms(
  dataSource: DataSource,
  token: string,
): Promise<{ hashed: number; plain: number }> {
  // Raw: whole rows as text (`t::text`), and the token used three times.
  const [row] = await all(
    dataSource,
    rawQuery<{ hashed: number; plain: number }>(
      `WITH tokens AS (
         SELECT token_hash, t::text AS whole FROM identity.oauth_access_tokens t
         UNION ALL
         SELECT token_hash, t::text FROM identity.oauth_refresh_tokens t),
       other AS (
         SELECT t::text AS whole FROM identity.oauth_authorization_codes t
         UNION ALL
         SELECT t::text FROM identity.oauth_sign_ins t)
       SELECT (SELECT count(*) FROM tokens
                WHERE token_hash = sha256(convert_to($1, 'UTF8')))::int AS hashed,
              ((SELECT count(*) FROM tokens WHERE strpos(whole, $1) > 0)
               + (SELECT count(*) FROM other WHERE strpos(whole, $1) > 0))::int AS plain`,
      [token],
    ),
  );
  return row;
}

/** Pretends the token was last used `idleSeconds` ago and expires in a day. */
export async function ageAccessToken(
  dataSource: DataSource,
  token: string,
  idleSeconds: number,
): Promise<void> {
  await run(
    dataSource,
    identityDb
      .updateTable('identity.oauth_access_tokens')
      .set({
        last_used_at: sql<Date>`now() - make_interval(secs => ${idleSeconds})`,
        expires_at: sql<Date>`now() + interval '1 day'`,
      })
      .where('token_hash', '=', hashOf(token)),
  );
}

export async function accessTokenTimes(
  dataSource: DataSource,
  token: string,
): Promise<{ lastUsedAt: Date; expiresAt: Date }> {
  const row = await first(
    dataSource,
    identityDb
      .selectFrom('identity.oauth_access_tokens')
      .select(['last_used_at as lastUsedAt', 'expires_at as expiresAt'])
      .where('token_hash', '=', hashOf(token)),
  );
  if (!row) throw new Error('No stored access token hashes to that token.');
  return row;
}

/** Pretends these OAuth clients registered `hours` ago. */
export async function ageOAuthClients(
  dataSource: DataSource,
  clientIds: readonly string[],
  hours: number,
): Promise<void> {
  await run(
    dataSource,
    identityDb
      .updateTable('identity.oauth_clients')
      .set({ created_at: sql<Date>`now() - make_interval(hours => ${hours})` })
      .where(sql<boolean>`id = ANY(${clientIds})`),
  );
}

/** Which of these OAuth clients are still registered, in id order. */
export async function registeredOAuthClients(
  dataSource: DataSource,
  clientIds: readonly string[],
): Promise<string[]> {
  const rows = await all(
    dataSource,
    identityDb
      .selectFrom('identity.oauth_clients')
      .select('id')
      .where(sql<boolean>`id = ANY(${clientIds})`)
      .orderBy('id'),
  );
  return rows.map((row) => row.id);
}

/** Pretends every authorization code of the client expired an hour ago. */
export async function expireAuthorizationCodesOf(
  dataSource: DataSource,
  clientId: string,
): Promise<void> {
  await run(
    dataSource,
    identityDb
      .updateTable('identity.oauth_authorization_codes')
      .set({ expires_at: sql<Date>`now() - interval '1 hour'` })
      .where('client_id', '=', clientId),
  );
}

/**
 * Registers `count` clients `<prefix>00001` … directly, the first 48 hours ago and each later
 * one a second younger, none ever used.
 */
export async function seedUnusedOAuthClients(
  dataSource: DataSource,
  prefix: string,
  count: number,
  redirectUri: string,
): Promise<void> {
  // Raw: one INSERT … SELECT over generate_series.
  await run(
    dataSource,
    rawQuery(
      `INSERT INTO identity.oauth_clients (id, client_name, redirect_uris, created_at)
       SELECT $1 || lpad(n::text, 5, '0'), 'Loop', ARRAY[$2],
              now() - interval '48 hours' + n * interval '1 second'
         FROM generate_series(1, $3::int) n`,
      [prefix, redirectUri, count],
    ),
  );
}

/** How many clients whose id starts with `prefix` are registered, and the least such id. */
export async function oauthClientsWithPrefix(
  dataSource: DataSource,
  prefix: string,
): Promise<{ count: number; first: string | null }> {
  const row = await first(
    dataSource,
    identityDb
      .selectFrom('identity.oauth_clients')
      .select((eb) => [sql<number>`count(*)::int`.as('count'), eb.fn.min('id').as('first')])
      .where('id', 'like', sql<string>`${prefix} || '%'`),
  );
  return row ?? { count: 0, first: null };
}
