import type { DataSource } from 'typeorm';

/**
 * How many stored access and refresh tokens hash to this token, and how many rows of the OAuth
 * tables hold it in plain text anywhere (every column, as text).
 */
export async function storedTokenForms(
  dataSource: DataSource,
  token: string,
): Promise<{ hashed: number; plain: number }> {
  const [row]: { hashed: number; plain: number }[] = await dataSource.query(
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
  );
  return row;
}

/** Pretends the token was last used `idleSeconds` ago and expires in a day. */
export async function ageAccessToken(
  dataSource: DataSource,
  token: string,
  idleSeconds: number,
): Promise<void> {
  await dataSource.query(
    `UPDATE identity.oauth_access_tokens
        SET last_used_at = now() - make_interval(secs => $2), expires_at = now() + interval '1 day'
      WHERE token_hash = sha256(convert_to($1, 'UTF8'))`,
    [token, idleSeconds],
  );
}

export async function accessTokenTimes(
  dataSource: DataSource,
  token: string,
): Promise<{ lastUsedAt: Date; expiresAt: Date }> {
  const [row]: { last_used_at: Date; expires_at: Date }[] = await dataSource.query(
    `SELECT last_used_at, expires_at FROM identity.oauth_access_tokens
      WHERE token_hash = sha256(convert_to($1, 'UTF8'))`,
    [token],
  );
  return { lastUsedAt: row.last_used_at, expiresAt: row.expires_at };
}

/** Pretends these OAuth clients registered `hours` ago. */
export async function ageOAuthClients(
  dataSource: DataSource,
  clientIds: readonly string[],
  hours: number,
): Promise<void> {
  await dataSource.query(
    `UPDATE identity.oauth_clients SET created_at = now() - make_interval(hours => $2)
      WHERE id = ANY($1)`,
    [clientIds, hours],
  );
}

/** Which of these OAuth clients are still registered, in id order. */
export async function registeredOAuthClients(
  dataSource: DataSource,
  clientIds: readonly string[],
): Promise<string[]> {
  const rows: { id: string }[] = await dataSource.query(
    `SELECT id FROM identity.oauth_clients WHERE id = ANY($1) ORDER BY id`,
    [clientIds],
  );
  return rows.map((row) => row.id);
}

/** Pretends every authorization code of the client expired an hour ago. */
export async function expireAuthorizationCodesOf(
  dataSource: DataSource,
  clientId: string,
): Promise<void> {
  await dataSource.query(
    `UPDATE identity.oauth_authorization_codes SET expires_at = now() - interval '1 hour'
      WHERE client_id = $1`,
    [clientId],
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
  await dataSource.query(
    `INSERT INTO identity.oauth_clients (id, client_name, redirect_uris, created_at)
     SELECT $1 || lpad(n::text, 5, '0'), 'Loop', ARRAY[$2],
            now() - interval '48 hours' + n * interval '1 second'
       FROM generate_series(1, $3::int) n`,
    [prefix, redirectUri, count],
  );
}

/** How many clients whose id starts with `prefix` are registered, and the least such id. */
export async function oauthClientsWithPrefix(
  dataSource: DataSource,
  prefix: string,
): Promise<{ count: number; first: string | null }> {
  const [row]: { count: number; first: string | null }[] = await dataSource.query(
    `SELECT count(*)::int AS count, min(id) AS first FROM identity.oauth_clients
      WHERE id LIKE $1 || '%'`,
    [prefix],
  );
  return row;
}
