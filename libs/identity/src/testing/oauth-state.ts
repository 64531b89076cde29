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
