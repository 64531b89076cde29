import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { credentialTeamIds } from '../credentials/credential-team-ids.sql';
import {
  type LiveCredential,
  type LiveCredentialRow,
  toLiveCredential,
} from '../credentials/live-credential';

export interface LiveAccessToken {
  /** The credential is the sign-in: its id is the sign-in's, shared by all its tokens. */
  credential: LiveCredential;
  tokenId: string;
  lastUsedAt: Date;
}

export interface StoredRefreshToken {
  signInId: string;
  clientId: string;
  scopes: string[];
  offline: boolean;
  usedAt: Date | null;
  signInRevoked: boolean;
}

interface RefreshRow {
  sign_in_id: string;
  client_id: string;
  scopes: string[];
  offline: boolean;
  used_at: Date | null;
  revoked_at: Date | null;
}

/** Runs on every request whose access token is not cached: one index lookup by token hash. */
const LIVE_ACCESS_TOKEN = `
  SELECT s.id, s.person_id, s.company_id, m.role, a.token_hash, s.scopes,
         ${credentialTeamIds('s')}, a.id AS token_id, a.last_used_at
    FROM identity.oauth_access_tokens a
    JOIN identity.oauth_sign_ins s ON s.id = a.sign_in_id AND s.revoked_at IS NULL
    JOIN identity.memberships m ON m.company_id = s.company_id AND m.person_id = s.person_id
   WHERE a.token_hash = $1 AND a.expires_at > now()`;

@Injectable()
export class OAuthTokenRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insertAccess(
    manager: EntityManager,
    signInId: string,
    tokenHash: Buffer,
    expiresAt: Date,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO identity.oauth_access_tokens (sign_in_id, token_hash, expires_at)
       VALUES ($1, $2, $3)`,
      [signInId, tokenHash, expiresAt],
    );
  }

  async insertRefresh(manager: EntityManager, signInId: string, tokenHash: Buffer): Promise<void> {
    await manager.query(
      `INSERT INTO identity.oauth_refresh_tokens (sign_in_id, token_hash) VALUES ($1, $2)`,
      [signInId, tokenHash],
    );
  }

  /** Access tokens of the sign-in that went idle: they can never work again. */
  async deleteIdle(manager: EntityManager, signInId: string): Promise<void> {
    await manager.query(
      `DELETE FROM identity.oauth_access_tokens WHERE sign_in_id = $1 AND expires_at <= now()`,
      [signInId],
    );
  }

  async findLiveAccess(tokenHash: Buffer): Promise<LiveAccessToken | null> {
    const [row]: (LiveCredentialRow & { token_id: string; last_used_at: Date })[] =
      await this.dataSource.query(LIVE_ACCESS_TOKEN, [tokenHash]);
    return row
      ? { credential: toLiveCredential(row), tokenId: row.token_id, lastUsedAt: row.last_used_at }
      : null;
  }

  /**
   * Restarts the token's 30 days. Skipped when another process did it within the minute, so a
   * hot token costs at most one write a minute.
   */
  async touchAccess(tokenId: string, lifetimeSeconds: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE identity.oauth_access_tokens
          SET last_used_at = now(), expires_at = now() + make_interval(secs => $2)
        WHERE id = $1 AND last_used_at < now() - interval '1 minute'`,
      [tokenId, lifetimeSeconds],
    );
  }

  async findRefresh(tokenHash: Buffer): Promise<StoredRefreshToken | null> {
    const [row]: RefreshRow[] = await this.dataSource.query(
      `SELECT r.sign_in_id, s.client_id, s.scopes, s.offline, r.used_at, s.revoked_at
         FROM identity.oauth_refresh_tokens r
         JOIN identity.oauth_sign_ins s ON s.id = r.sign_in_id
        WHERE r.token_hash = $1`,
      [tokenHash],
    );
    return row
      ? {
          signInId: row.sign_in_id,
          clientId: row.client_id,
          scopes: row.scopes,
          offline: row.offline,
          usedAt: row.used_at,
          signInRevoked: row.revoked_at !== null,
        }
      : null;
  }

  /** Spends a refresh token; false when it was spent already (a reuse, or a parallel twin). */
  async markRefreshUsed(tokenHash: Buffer): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, affected row count].
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `UPDATE identity.oauth_refresh_tokens SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL
       RETURNING 1`,
      [tokenHash],
    );
    return rows.length > 0;
  }

  /** The sign-in an access or refresh token belongs to, and its client, by the token's hash. */
  async signInOf(tokenHash: Buffer): Promise<{ signInId: string; clientId: string } | null> {
    const [row]: { sign_in_id: string; client_id: string }[] = await this.dataSource.query(
      `SELECT t.sign_in_id, s.client_id
         FROM (SELECT sign_in_id FROM identity.oauth_access_tokens WHERE token_hash = $1
               UNION ALL
               SELECT sign_in_id FROM identity.oauth_refresh_tokens WHERE token_hash = $1
               LIMIT 1) t
         JOIN identity.oauth_sign_ins s ON s.id = t.sign_in_id`,
      [tokenHash],
    );
    return row ? { signInId: row.sign_in_id, clientId: row.client_id } : null;
  }
}
