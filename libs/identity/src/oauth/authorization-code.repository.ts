import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface NewAuthorizationCode {
  codeHash: Buffer;
  clientId: string;
  companyId: string;
  personId: string;
  sessionId: string | null;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string;
  resource: string | null;
  expiresAt: Date;
}

export interface StoredAuthorizationCode extends NewAuthorizationCode {
  usedAt: Date | null;
}

interface CodeRow {
  code_hash: Buffer;
  client_id: string;
  company_id: string;
  person_id: string;
  session_id: string | null;
  redirect_uri: string;
  scopes: string[];
  code_challenge: string;
  resource: string | null;
  expires_at: Date;
  used_at: Date | null;
}

/** How long a spent or expired code is kept, so that a late replay is still recognised. */
const KEPT_AFTER_EXPIRY = `interval '1 day'`;

@Injectable()
export class AuthorizationCodeRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(code: NewAuthorizationCode): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO identity.oauth_authorization_codes
         (code_hash, client_id, company_id, person_id, session_id, redirect_uri, scopes,
          code_challenge, resource, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        code.codeHash,
        code.clientId,
        code.companyId,
        code.personId,
        code.sessionId,
        code.redirectUri,
        code.scopes,
        code.codeChallenge,
        code.resource,
        code.expiresAt,
      ],
    );
  }

  /** Codes long past their expiry: they can no longer even be replayed meaningfully. */
  async deleteStale(): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM identity.oauth_authorization_codes
        WHERE expires_at < now() - ${KEPT_AFTER_EXPIRY}`,
    );
  }

  async findByHash(codeHash: Buffer): Promise<StoredAuthorizationCode | null> {
    const [row]: CodeRow[] = await this.dataSource.query(
      `SELECT code_hash, client_id, company_id, person_id, session_id, redirect_uri, scopes,
              code_challenge, resource, expires_at, used_at
         FROM identity.oauth_authorization_codes WHERE code_hash = $1`,
      [codeHash],
    );
    return row
      ? {
          codeHash: row.code_hash,
          clientId: row.client_id,
          companyId: row.company_id,
          personId: row.person_id,
          sessionId: row.session_id,
          redirectUri: row.redirect_uri,
          scopes: row.scopes,
          codeChallenge: row.code_challenge,
          resource: row.resource,
          expiresAt: row.expires_at,
          usedAt: row.used_at,
        }
      : null;
  }

  /** Spends the code; false when it was already spent (of two parallel exchanges, one wins). */
  async markUsed(codeHash: Buffer): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, affected row count].
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `UPDATE identity.oauth_authorization_codes SET used_at = now()
        WHERE code_hash = $1 AND used_at IS NULL
       RETURNING 1`,
      [codeHash],
    );
    return rows.length > 0;
  }

  /**
   * Records that a spent code came back, and answers the sign-in issued from it (if any yet).
   * Takes the code's row lock, so it is ordered against `lockForIssue`: either the sign-in
   * exists and is answered here, or its issuing sees `replayed` and refuses.
   */
  async markReplayed(codeHash: Buffer): Promise<string | null> {
    // TypeORM answers an UPDATE with [rows, affected row count].
    const [[row]]: [{ sign_in_id: string | null }[], number] = await this.dataSource.query(
      `UPDATE identity.oauth_authorization_codes SET replayed_at = coalesce(replayed_at, now())
        WHERE code_hash = $1
       RETURNING sign_in_id`,
      [codeHash],
    );
    return row?.sign_in_id ?? null;
  }

  /** Locks a spent code for issuing its tokens; false when it was replayed meanwhile. */
  async lockForIssue(manager: EntityManager, codeHash: Buffer): Promise<boolean> {
    const [row]: { replayed_at: Date | null }[] = await manager.query(
      `SELECT replayed_at FROM identity.oauth_authorization_codes
        WHERE code_hash = $1 FOR UPDATE`,
      [codeHash],
    );
    return row !== undefined && row.replayed_at === null;
  }

  async linkSignIn(manager: EntityManager, codeHash: Buffer, signInId: string): Promise<void> {
    await manager.query(
      `UPDATE identity.oauth_authorization_codes SET sign_in_id = $2 WHERE code_hash = $1`,
      [codeHash, signInId],
    );
  }
}
