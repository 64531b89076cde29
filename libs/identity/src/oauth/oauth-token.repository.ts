import { Injectable } from '@nestjs/common';
import { all, first, rawQuery, run } from '@cw/db';
import { type InferResult, sql } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import { teamIdsOf } from '../credentials/credential-team-ids.sql';
import type { LiveCredential } from '../credentials/live-credential';
import { identityDb } from '../identity-schema';

export interface LiveAccessToken {
  /** The credential is the sign-in: its id is the sign-in's, shared by all its tokens. */
  credential: LiveCredential;
  tokenId: string;
  lastUsedAt: Date;
}

export const oauthTokenStatements = {
  insertAccess: (signInId: string, tokenHash: Buffer, expiresAt: Date) =>
    identityDb
      .insertInto('identity.oauth_access_tokens')
      .values({ sign_in_id: signInId, token_hash: tokenHash, expires_at: expiresAt }),

  insertRefresh: (signInId: string, tokenHash: Buffer) =>
    identityDb
      .insertInto('identity.oauth_refresh_tokens')
      .values({ sign_in_id: signInId, token_hash: tokenHash }),

  deleteIdle: (signInId: string) =>
    identityDb
      .deleteFrom('identity.oauth_access_tokens')
      .where('sign_in_id', '=', signInId)
      .where('expires_at', '<=', sql<Date>`now()`),

  /** Runs on every request whose access token is not cached: one index lookup by token hash. */
  findLiveAccess: (tokenHash: Buffer) =>
    identityDb
      .selectFrom('identity.oauth_access_tokens as a')
      .innerJoin('identity.oauth_sign_ins as s', (join) =>
        join.onRef('s.id', '=', 'a.sign_in_id').on('s.revoked_at', 'is', null),
      )
      .innerJoin('identity.memberships as m', (join) =>
        join.onRef('m.company_id', '=', 's.company_id').onRef('m.person_id', '=', 's.person_id'),
      )
      .select([
        's.id',
        's.person_id as personId',
        's.company_id as companyId',
        'm.role',
        'a.token_hash as tokenHash',
        's.scopes',
        teamIdsOf('s').as('teamIds'),
        'a.id as tokenId',
        'a.last_used_at as lastUsedAt',
      ])
      .where('a.token_hash', '=', tokenHash)
      .where('a.expires_at', '>', sql<Date>`now()`),

  /** Skipped when another process did it within the minute. */
  touchAccess: (tokenId: string, lifetimeSeconds: number) =>
    identityDb
      .updateTable('identity.oauth_access_tokens')
      .set({
        last_used_at: sql<Date>`now()`,
        expires_at: sql<Date>`now() + make_interval(secs => ${lifetimeSeconds})`,
      })
      .where('id', '=', tokenId)
      .where('last_used_at', '<', sql<Date>`now() - interval '1 minute'`),

  findRefresh: (tokenHash: Buffer) =>
    identityDb
      .selectFrom('identity.oauth_refresh_tokens as r')
      .innerJoin('identity.oauth_sign_ins as s', 's.id', 'r.sign_in_id')
      .select((eb) => [
        'r.sign_in_id as signInId',
        's.client_id as clientId',
        's.scopes',
        's.offline',
        'r.used_at as usedAt',
        eb('s.revoked_at', 'is not', null).as('signInRevoked'),
      ])
      .where('r.token_hash', '=', tokenHash),

  markRefreshUsed: (tokenHash: Buffer) =>
    identityDb
      .updateTable('identity.oauth_refresh_tokens')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .returning(sql.lit(1).as('spent')),

  /** Raw: one hash looked up in both token tables (the text uses its parameter twice). */
  signInOf: (tokenHash: Buffer) =>
    rawQuery<{ signInId: string; clientId: string }>(
      `SELECT t.sign_in_id AS "signInId", s.client_id AS "clientId"
         FROM (SELECT sign_in_id FROM identity.oauth_access_tokens WHERE token_hash = $1
               UNION ALL
               SELECT sign_in_id FROM identity.oauth_refresh_tokens WHERE token_hash = $1
               LIMIT 1) t
         JOIN identity.oauth_sign_ins s ON s.id = t.sign_in_id`,
      [tokenHash],
    ),
};

/** A refresh token with what its sign-in says: client, scopes, offline, and whether it ended. */
export type StoredRefreshToken = InferResult<
  ReturnType<typeof oauthTokenStatements.findRefresh>
>[number];

@Injectable()
export class OAuthTokenRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insertAccess(
    manager: EntityManager,
    signInId: string,
    tokenHash: Buffer,
    expiresAt: Date,
  ): Promise<void> {
    await run(manager, oauthTokenStatements.insertAccess(signInId, tokenHash, expiresAt));
  }

  async insertRefresh(manager: EntityManager, signInId: string, tokenHash: Buffer): Promise<void> {
    await run(manager, oauthTokenStatements.insertRefresh(signInId, tokenHash));
  }

  /** Access tokens of the sign-in that went idle: they can never work again. */
  async deleteIdle(manager: EntityManager, signInId: string): Promise<void> {
    await run(manager, oauthTokenStatements.deleteIdle(signInId));
  }

  async findLiveAccess(tokenHash: Buffer): Promise<LiveAccessToken | null> {
    const row = await first(this.dataSource, oauthTokenStatements.findLiveAccess(tokenHash));
    if (!row) return null;
    const { tokenId, lastUsedAt, ...credential } = row;
    return { credential, tokenId, lastUsedAt };
  }

  /**
   * Restarts the token's 30 days. Skipped when another process did it within the minute, so a
   * hot token costs at most one write a minute.
   */
  async touchAccess(tokenId: string, lifetimeSeconds: number): Promise<void> {
    await run(this.dataSource, oauthTokenStatements.touchAccess(tokenId, lifetimeSeconds));
  }

  findRefresh(tokenHash: Buffer): Promise<StoredRefreshToken | null> {
    return first(this.dataSource, oauthTokenStatements.findRefresh(tokenHash));
  }

  /** Spends a refresh token; false when it was spent already (a reuse, or a parallel twin). */
  async markRefreshUsed(tokenHash: Buffer): Promise<boolean> {
    const spent = await all(this.dataSource, oauthTokenStatements.markRefreshUsed(tokenHash));
    return spent.length > 0;
  }

  /** The sign-in an access or refresh token belongs to, and its client, by the token's hash. */
  signInOf(tokenHash: Buffer): Promise<{ signInId: string; clientId: string } | null> {
    return first(this.dataSource, oauthTokenStatements.signInOf(tokenHash));
  }
}
