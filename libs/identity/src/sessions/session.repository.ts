import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, IsNull, type Repository } from 'typeorm';
import { credentialTeamIds } from '../credentials/credential-team-ids.sql';
import {
  type LiveCredential,
  type LiveCredentialRow,
  toLiveCredential,
} from '../credentials/live-credential';
import { Session, type SessionKind } from './entities/session.entity';

/** Runs on every request whose session is not cached: one index lookup by token hash. */
const LIVE_SESSION = `
  SELECT s.id, s.person_id, s.company_id, m.role, s.token_hash, NULL::text[] AS scopes, ${credentialTeamIds('s')}
    FROM identity.sessions s
    JOIN identity.memberships m ON m.company_id = s.company_id AND m.person_id = s.person_id
   WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`;

export interface NewSession {
  tokenHash: Buffer;
  companyId: string;
  personId: string;
  kind: SessionKind;
  expiresAt: Date;
}

@Injectable()
export class SessionRepository {
  constructor(@InjectRepository(Session) private readonly sessions: Repository<Session>) {}

  /** The unexpired, unrevoked session with this token hash whose membership still exists. */
  async findLiveByTokenHash(tokenHash: Buffer): Promise<LiveCredential | null> {
    const [row]: LiveCredentialRow[] = await this.sessions.query(LIVE_SESSION, [tokenHash]);
    return row ? toLiveCredential(row) : null;
  }

  async insert(manager: EntityManager, session: NewSession): Promise<void> {
    await manager.getRepository(Session).insert(session);
  }

  /** What a session's holder may see of it: its kind and when it ends. */
  findKindAndExpiry(sessionId: string): Promise<Pick<Session, 'kind' | 'expiresAt'> | null> {
    return this.sessions.findOne({
      select: { kind: true, expiresAt: true },
      where: { id: sessionId },
    });
  }

  /** Ends a session; ending an ended one changes nothing. */
  async revoke(sessionId: string): Promise<void> {
    await this.sessions.update(
      { id: sessionId, revokedAt: IsNull() },
      { revokedAt: () => 'now()' },
    );
  }
}
