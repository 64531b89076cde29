import type { DataSource } from 'typeorm';

/** How many stored access tokens hash to this token, and how many hold it in plain text. */
export async function storedAccessTokenForms(
  dataSource: DataSource,
  token: string,
): Promise<{ hashed: number; plain: number }> {
  const [row]: { hashed: number; plain: number }[] = await dataSource.query(
    `SELECT count(*) FILTER (WHERE token_hash = sha256(convert_to($1, 'UTF8')))::int AS hashed,
            count(*) FILTER (WHERE position(convert_to($1, 'UTF8') IN token_hash) > 0)::int AS plain
       FROM identity.oauth_access_tokens`,
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
