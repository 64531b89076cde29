import { Injectable } from '@nestjs/common';
import { type CamelRow, first, run } from '@cw/db';
import { sql } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import { teamIdsOf } from '../credentials/credential-team-ids.sql';
import type { LiveCredential } from '../credentials/live-credential';
import { identityDb, type IdentitySessions, type SessionKind } from '../identity-schema';

export type NewSession = CamelRow<
  IdentitySessions,
  'token_hash' | 'company_id' | 'person_id' | 'expires_at'
> & { kind: SessionKind };

export type SessionKindAndExpiry = CamelRow<IdentitySessions, 'kind' | 'expires_at'>;

export const sessionStatements = {
  /** Runs on every request whose session is not cached: one index lookup by token hash. */
  findLiveByTokenHash: (tokenHash: Buffer) =>
    identityDb
      .selectFrom('identity.sessions as s')
      .innerJoin('identity.memberships as m', (join) =>
        join.onRef('m.company_id', '=', 's.company_id').onRef('m.person_id', '=', 's.person_id'),
      )
      .select([
        's.id',
        's.person_id as personId',
        's.company_id as companyId',
        'm.role',
        's.token_hash as tokenHash',
        sql<string[] | null>`NULL::text[]`.as('scopes'),
        teamIdsOf('s').as('teamIds'),
      ])
      .where('s.token_hash', '=', tokenHash)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`),

  insert: (session: NewSession) =>
    identityDb.insertInto('identity.sessions').values({
      token_hash: session.tokenHash,
      company_id: session.companyId,
      person_id: session.personId,
      kind: session.kind,
      expires_at: session.expiresAt,
    }),

  findKindAndExpiry: (sessionId: string) =>
    identityDb
      .selectFrom('identity.sessions')
      .select(['kind', 'expires_at as expiresAt'])
      .where('id', '=', sessionId),

  revoke: (sessionId: string) =>
    identityDb
      .updateTable('identity.sessions')
      .set({ revoked_at: sql<Date>`now()` })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null),
};

@Injectable()
export class SessionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The unexpired, unrevoked session with this token hash whose membership still exists. */
  findLiveByTokenHash(tokenHash: Buffer): Promise<LiveCredential | null> {
    return first(this.dataSource, sessionStatements.findLiveByTokenHash(tokenHash));
  }

  insert(manager: EntityManager, session: NewSession): Promise<void> {
    return run(manager, sessionStatements.insert(session));
  }

  /** What a session's holder may see of it: its kind and when it ends. */
  findKindAndExpiry(sessionId: string): Promise<SessionKindAndExpiry | null> {
    return first(this.dataSource, sessionStatements.findKindAndExpiry(sessionId));
  }

  /** Ends a session; ending an ended one changes nothing. */
  revoke(sessionId: string): Promise<void> {
    return run(this.dataSource, sessionStatements.revoke(sessionId));
  }
}
