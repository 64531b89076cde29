import { Injectable } from '@nestjs/common';
import { all, camelColumns, type CamelRow, first, type IdentityTables, rawQuery } from '@cw/db';
import { expressionBuilder, sql } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import { teamIdsOf } from '../credentials/credential-team-ids.sql';
import type { LiveCredential } from '../credentials/live-credential';
import {
  identityDb,
  type IdentityOauthClients,
  type IdentityOauthSignIns,
  type SignInRevocationReason,
} from '../identity-schema';

export interface NewSignIn {
  clientId: string;
  companyId: string;
  personId: string;
  sessionId: string | null;
  scopes: string[];
  offline: boolean;
}

const SIGN_IN_COLUMNS = ['id', 'client_id', 'scopes', 'offline', 'created_at'] as const;

/** A sign-in as its person sees it in the web app. */
export type SignInRecord = CamelRow<IdentityOauthSignIns, (typeof SIGN_IN_COLUMNS)[number]> &
  CamelRow<IdentityOauthClients, 'client_name'> & { lastUsedAt: Date | null };

/** Whose sign-ins of which client a reauthorization ends. */
export interface SignInOwner {
  personId: string;
  companyId: string;
  clientId: string;
}

const signIn = expressionBuilder<IdentityTables & { s: IdentityOauthSignIns }, 's'>();

/**
 * A sign-in (alias `s`) counts as a live token while it is unrevoked and can still act: through
 * a refresh token (offline) or an access token not yet idle for 30 days.
 */
const liveSignIn = signIn.and([
  signIn('s.revoked_at', 'is', null),
  signIn.or([
    signIn.ref('s.offline'),
    signIn.exists(
      signIn
        .selectFrom('identity.oauth_access_tokens as a')
        .select(sql.lit(1).as('one'))
        .whereRef('a.sign_in_id', '=', 's.id')
        .where('a.expires_at', '>', sql<Date>`now()`),
    ),
  ]),
]);

export const oauthSignInStatements = {
  /** Raw: one CTE inserts the sign-in and marks its client used (the text uses $1 twice). */
  insert: (signIn: NewSignIn) =>
    rawQuery<{ id: string }>(
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
    ),

  countLive: (personId: string) =>
    identityDb
      .selectFrom('identity.oauth_sign_ins as s')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('s.person_id', '=', personId)
      .where(liveSignIn),

  findLiveOf: (personId: string, companyId: string) =>
    identityDb
      .selectFrom('identity.oauth_sign_ins as s')
      .innerJoin('identity.oauth_clients as c', 'c.id', 's.client_id')
      .select(camelColumns(SIGN_IN_COLUMNS.map((column) => `s.${column}` as const)))
      .select('c.client_name as clientName')
      .select((eb) =>
        eb
          .selectFrom('identity.oauth_access_tokens as a')
          .select((tokens) => tokens.fn.max('a.last_used_at').as('lastUsedAt'))
          .whereRef('a.sign_in_id', '=', 's.id')
          .as('lastUsedAt'),
      )
      .where('s.person_id', '=', personId)
      .where('s.company_id', '=', companyId)
      .where(liveSignIn)
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id'),

  findLiveById: (id: string) =>
    identityDb
      .selectFrom('identity.oauth_sign_ins as s')
      .innerJoin('identity.memberships as m', (join) =>
        join.onRef('m.company_id', '=', 's.company_id').onRef('m.person_id', '=', 's.person_id'),
      )
      .select([
        's.id',
        's.person_id as personId',
        's.company_id as companyId',
        'm.role',
        sql<Buffer>`''::bytea`.as('tokenHash'),
        's.scopes',
        teamIdsOf('s').as('teamIds'),
      ])
      .where('s.id', '=', id)
      .where(liveSignIn),

  lockLive: (id: string) =>
    identityDb
      .selectFrom('identity.oauth_sign_ins')
      .select('id')
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .forUpdate(),

  /** The ids are one `uuid[]` parameter, so the text does not change with their number. */
  revoke: (ids: readonly string[], reason: SignInRevocationReason) =>
    identityDb
      .updateTable('identity.oauth_sign_ins')
      .set({ revoked_at: sql<Date>`now()`, revoked_reason: reason })
      .where(sql<boolean>`id = ANY(${ids}::uuid[])`)
      .where('revoked_at', 'is', null)
      .returning('id'),

  revokeOfClient: (owner: SignInOwner) =>
    identityDb
      .updateTable('identity.oauth_sign_ins')
      .set({ revoked_at: sql<Date>`now()`, revoked_reason: sql.lit('reauthorized') })
      .where('person_id', '=', owner.personId)
      .where('company_id', '=', owner.companyId)
      .where('client_id', '=', owner.clientId)
      .where('revoked_at', 'is', null)
      .returning('id'),

  revokeOfSession: (sessionId: string) =>
    identityDb
      .updateTable('identity.oauth_sign_ins')
      .set({ revoked_at: sql<Date>`now()`, revoked_reason: sql.lit('signed_out') })
      .where('session_id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .returning('id'),

  /** Keeps a first revocation's time and reason. */
  revokeOwn: (id: string, personId: string, companyId: string) =>
    identityDb
      .updateTable('identity.oauth_sign_ins')
      .set((eb) => ({
        revoked_at: eb.fn.coalesce('revoked_at', sql<Date>`now()`),
        revoked_reason: eb.fn.coalesce(
          'revoked_reason',
          sql.lit<SignInRevocationReason>('revoked'),
        ),
      }))
      .where('id', '=', id)
      .where('person_id', '=', personId)
      .where('company_id', '=', companyId)
      .returning('id'),
};

const idsOf = (rows: { id: string }[]): string[] => rows.map((row) => row.id);

@Injectable()
export class OAuthSignInRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Also marks the client as used the first time: used clients are never swept. */
  async insert(manager: EntityManager, signIn: NewSignIn): Promise<string> {
    const [row] = await all(manager, oauthSignInStatements.insert(signIn));
    return row.id;
  }

  /** Live sign-ins of the person (in every company): they count toward the token cap. */
  async countLive(manager: EntityManager, personId: string): Promise<number> {
    const row = await first(manager, oauthSignInStatements.countLive(personId));
    return row?.count ?? 0;
  }

  /** The person's live sign-ins in one company, newest first, with their clients' names. */
  findLiveOf(personId: string, companyId: string): Promise<SignInRecord[]> {
    return all(this.dataSource, oauthSignInStatements.findLiveOf(personId, companyId));
  }

  /** The live sign-in as a credential, for work done later on its behalf (report hooks). */
  findLiveById(id: string): Promise<LiveCredential | null> {
    return first(this.dataSource, oauthSignInStatements.findLiveById(id));
  }

  /** Whether the sign-in can still be given tokens (locked until the caller's commit). */
  async lockLive(manager: EntityManager, id: string): Promise<boolean> {
    return (await first(manager, oauthSignInStatements.lockLive(id))) !== null;
  }

  /** Revokes these sign-ins, keeping a first revocation; answers the ones it ended now. */
  async revoke(ids: readonly string[], reason: SignInRevocationReason): Promise<string[]> {
    if (ids.length === 0) return [];
    return idsOf(await all(this.dataSource, oauthSignInStatements.revoke(ids, reason)));
  }

  /** Ends the person's sign-ins of this client in this company (it is being authorized again). */
  async revokeOfClient(manager: EntityManager, owner: SignInOwner): Promise<string[]> {
    return idsOf(await all(manager, oauthSignInStatements.revokeOfClient(owner)));
  }

  /** Ends the sign-ins a browser session approved (that session signed out). */
  async revokeOfSession(sessionId: string): Promise<string[]> {
    return idsOf(await all(this.dataSource, oauthSignInStatements.revokeOfSession(sessionId)));
  }

  /** Revokes the person's own sign-in in the company; false when there is no such sign-in. */
  async revokeOwn(id: string, personId: string, companyId: string): Promise<boolean> {
    const rows = await all(
      this.dataSource,
      oauthSignInStatements.revokeOwn(id, personId, companyId),
    );
    return rows.length > 0;
  }
}
