import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { credentialTeamIds } from '../credentials/credential-team-ids.sql';
import {
  type LiveCredential,
  type LiveCredentialRow,
  toLiveCredential,
} from '../credentials/live-credential';

export type SignInRevocationReason =
  'revoked' | 'signed_out' | 'reauthorized' | 'refresh_reuse' | 'code_replay';

export interface NewSignIn {
  clientId: string;
  companyId: string;
  personId: string;
  sessionId: string | null;
  scopes: string[];
  offline: boolean;
}

/** A sign-in as its person sees it in the web app. */
export interface SignInRecord {
  id: string;
  clientId: string;
  clientName: string;
  scopes: string[];
  offline: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
}

interface SignInRow {
  id: string;
  client_id: string;
  client_name: string;
  scopes: string[];
  offline: boolean;
  created_at: Date;
  last_used_at: Date | null;
}

/**
 * A sign-in counts as a live token while it is unrevoked and can still act: through a refresh
 * token (offline) or an access token not yet idle for 30 days.
 */
const LIVE_SIGN_IN = `
  s.revoked_at IS NULL AND (s.offline OR EXISTS (
    SELECT 1 FROM identity.oauth_access_tokens a WHERE a.sign_in_id = s.id AND a.expires_at > now()))`;

@Injectable()
export class OAuthSignInRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Also marks the client as used the first time: used clients are never swept. */
  async insert(manager: EntityManager, signIn: NewSignIn): Promise<string> {
    const [row]: { id: string }[] = await manager.query(
      `WITH signed_in AS (
         INSERT INTO identity.oauth_sign_ins
           (client_id, company_id, person_id, session_id, scopes, offline)
         VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id, client_id
       ), first_use AS (
         UPDATE identity.oauth_clients SET first_authorized_at = now()
          WHERE id = $1 AND first_authorized_at IS NULL
       )
       SELECT id FROM signed_in`,
      [
        signIn.clientId,
        signIn.companyId,
        signIn.personId,
        signIn.sessionId,
        signIn.scopes,
        signIn.offline,
      ],
    );
    return row.id;
  }

  /** Live sign-ins of the person (in every company): they count toward the token cap. */
  async countLive(manager: EntityManager, personId: string): Promise<number> {
    const [row]: { count: number }[] = await manager.query(
      `SELECT count(*)::int AS count FROM identity.oauth_sign_ins s
        WHERE s.person_id = $1 AND ${LIVE_SIGN_IN}`,
      [personId],
    );
    return row.count;
  }

  /** The person's live sign-ins in one company, newest first, with their clients' names. */
  async findLiveOf(personId: string, companyId: string): Promise<SignInRecord[]> {
    const rows: SignInRow[] = await this.dataSource.query(
      `SELECT s.id, s.client_id, c.client_name, s.scopes, s.offline, s.created_at,
              (SELECT max(a.last_used_at) FROM identity.oauth_access_tokens a
                WHERE a.sign_in_id = s.id) AS last_used_at
         FROM identity.oauth_sign_ins s
         JOIN identity.oauth_clients c ON c.id = s.client_id
        WHERE s.person_id = $1 AND s.company_id = $2 AND ${LIVE_SIGN_IN}
        ORDER BY s.created_at DESC, s.id`,
      [personId, companyId],
    );
    return rows.map((row) => ({
      id: row.id,
      clientId: row.client_id,
      clientName: row.client_name,
      scopes: row.scopes,
      offline: row.offline,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
    }));
  }

  /** The live sign-in as a credential, for work done later on its behalf (report hooks). */
  async findLiveById(id: string): Promise<LiveCredential | null> {
    const [row]: LiveCredentialRow[] = await this.dataSource.query(
      `SELECT s.id, s.person_id, s.company_id, m.role, ''::bytea AS token_hash, s.scopes,
              ${credentialTeamIds('s')}
         FROM identity.oauth_sign_ins s
         JOIN identity.memberships m ON m.company_id = s.company_id AND m.person_id = s.person_id
        WHERE s.id = $1 AND ${LIVE_SIGN_IN}`,
      [id],
    );
    return row ? toLiveCredential(row) : null;
  }

  /** Whether the sign-in can still be given tokens (locked until the caller's commit). */
  async lockLive(manager: EntityManager, id: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM identity.oauth_sign_ins WHERE id = $1 AND revoked_at IS NULL FOR UPDATE`,
      [id],
    );
    return rows.length > 0;
  }

  /** Revokes these sign-ins, keeping a first revocation; answers the ones it ended now. */
  async revoke(ids: readonly string[], reason: SignInRevocationReason): Promise<string[]> {
    if (ids.length === 0) return [];
    // TypeORM answers an UPDATE with [rows, affected row count].
    const [rows]: [{ id: string }[], number] = await this.dataSource.query(
      `UPDATE identity.oauth_sign_ins SET revoked_at = now(), revoked_reason = $2
        WHERE id = ANY($1::uuid[]) AND revoked_at IS NULL
       RETURNING id`,
      [ids, reason],
    );
    return rows.map((row) => row.id);
  }

  /** Ends the person's sign-ins of this client in this company (it is being authorized again). */
  async revokeOfClient(
    manager: EntityManager,
    owner: { personId: string; companyId: string; clientId: string },
  ): Promise<string[]> {
    // TypeORM answers an UPDATE with [rows, affected row count].
    const [rows]: [{ id: string }[], number] = await manager.query(
      `UPDATE identity.oauth_sign_ins SET revoked_at = now(), revoked_reason = 'reauthorized'
        WHERE person_id = $1 AND company_id = $2 AND client_id = $3 AND revoked_at IS NULL
       RETURNING id`,
      [owner.personId, owner.companyId, owner.clientId],
    );
    return rows.map((row) => row.id);
  }

  /** Ends the sign-ins a browser session approved (that session signed out). */
  async revokeOfSession(sessionId: string): Promise<string[]> {
    // TypeORM answers an UPDATE with [rows, affected row count].
    const [rows]: [{ id: string }[], number] = await this.dataSource.query(
      `UPDATE identity.oauth_sign_ins SET revoked_at = now(), revoked_reason = 'signed_out'
        WHERE session_id = $1 AND revoked_at IS NULL
       RETURNING id`,
      [sessionId],
    );
    return rows.map((row) => row.id);
  }

  /** Revokes the person's own sign-in in the company; false when there is no such sign-in. */
  async revokeOwn(id: string, personId: string, companyId: string): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, affected row count].
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `UPDATE identity.oauth_sign_ins
          SET revoked_at = coalesce(revoked_at, now()),
              revoked_reason = coalesce(revoked_reason, 'revoked')
        WHERE id = $1 AND person_id = $2 AND company_id = $3
       RETURNING 1`,
      [id, personId, companyId],
    );
    return rows.length > 0;
  }
}
