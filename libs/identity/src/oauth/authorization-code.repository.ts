import { Injectable } from '@nestjs/common';
import { all, camelColumns, type CamelRow, first, run } from '@cw/db';
import { sql } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import { identityDb, type IdentityOauthAuthorizationCodes } from '../identity-schema';

/** The columns of a stored code, as the migration names them. */
const CODE_COLUMNS = [
  'code_hash',
  'client_id',
  'company_id',
  'person_id',
  'session_id',
  'redirect_uri',
  'scopes',
  'code_challenge',
  'resource',
  'expires_at',
  'used_at',
] as const;

export type StoredAuthorizationCode = CamelRow<
  IdentityOauthAuthorizationCodes,
  (typeof CODE_COLUMNS)[number]
>;

export type NewAuthorizationCode = Omit<StoredAuthorizationCode, 'usedAt'>;

export const authorizationCodeStatements = {
  insert: (code: NewAuthorizationCode) =>
    identityDb.insertInto('identity.oauth_authorization_codes').values({
      code_hash: code.codeHash,
      client_id: code.clientId,
      company_id: code.companyId,
      person_id: code.personId,
      session_id: code.sessionId,
      redirect_uri: code.redirectUri,
      scopes: code.scopes,
      code_challenge: code.codeChallenge,
      resource: code.resource,
      expires_at: code.expiresAt,
    }),

  /** A spent or expired code is kept a day, so that a late replay is still recognised. */
  deleteStale: () =>
    identityDb
      .deleteFrom('identity.oauth_authorization_codes')
      .where('expires_at', '<', sql<Date>`now() - interval '1 day'`),

  findByHash: (codeHash: Buffer) =>
    identityDb
      .selectFrom('identity.oauth_authorization_codes')
      .select(camelColumns(CODE_COLUMNS))
      .where('code_hash', '=', codeHash),

  markUsed: (codeHash: Buffer) =>
    identityDb
      .updateTable('identity.oauth_authorization_codes')
      .set({ used_at: sql<Date>`now()` })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .returning(sql.lit(1).as('spent')),

  markReplayed: (codeHash: Buffer) =>
    identityDb
      .updateTable('identity.oauth_authorization_codes')
      .set((eb) => ({ replayed_at: eb.fn.coalesce('replayed_at', sql<Date>`now()`) }))
      .where('code_hash', '=', codeHash)
      .returning('sign_in_id as signInId'),

  lockForIssue: (codeHash: Buffer) =>
    identityDb
      .selectFrom('identity.oauth_authorization_codes')
      .select('replayed_at as replayedAt')
      .where('code_hash', '=', codeHash)
      .forUpdate(),

  linkSignIn: (codeHash: Buffer, signInId: string) =>
    identityDb
      .updateTable('identity.oauth_authorization_codes')
      .set({ sign_in_id: signInId })
      .where('code_hash', '=', codeHash),
};

@Injectable()
export class AuthorizationCodeRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(code: NewAuthorizationCode): Promise<void> {
    await run(this.dataSource, authorizationCodeStatements.insert(code));
  }

  /** Codes long past their expiry: they can no longer even be replayed meaningfully. */
  async deleteStale(): Promise<void> {
    await run(this.dataSource, authorizationCodeStatements.deleteStale());
  }

  findByHash(codeHash: Buffer): Promise<StoredAuthorizationCode | null> {
    return first(this.dataSource, authorizationCodeStatements.findByHash(codeHash));
  }

  /** Spends the code; false when it was already spent (of two parallel exchanges, one wins). */
  async markUsed(codeHash: Buffer): Promise<boolean> {
    const spent = await all(this.dataSource, authorizationCodeStatements.markUsed(codeHash));
    return spent.length > 0;
  }

  /**
   * Records that a spent code came back, and answers the sign-in issued from it (if any yet).
   * Takes the code's row lock, so it is ordered against `lockForIssue`: either the sign-in
   * exists and is answered here, or its issuing sees `replayed` and refuses.
   */
  async markReplayed(codeHash: Buffer): Promise<string | null> {
    const row = await first(this.dataSource, authorizationCodeStatements.markReplayed(codeHash));
    return row?.signInId ?? null;
  }

  /** Locks a spent code for issuing its tokens; false when it was replayed meanwhile. */
  async lockForIssue(manager: EntityManager, codeHash: Buffer): Promise<boolean> {
    const row = await first(manager, authorizationCodeStatements.lockForIssue(codeHash));
    return row !== null && row.replayedAt === null;
  }

  async linkSignIn(manager: EntityManager, codeHash: Buffer, signInId: string): Promise<void> {
    await run(manager, authorizationCodeStatements.linkSignIn(codeHash, signInId));
  }
}
