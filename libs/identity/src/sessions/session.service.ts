import { Injectable } from '@nestjs/common';
import { AppError } from '@cw/platform';
import { CredentialRevocationChannel } from '@cw/queue';
import * as argon2 from 'argon2';
import { DataSource, type EntityManager } from 'typeorm';
import type { SessionKind } from '../entities/session.entity';
import { mintToken } from '../tokens/token-codec';
import { SESSION_LIFETIME_MS } from './session-cookie';

export interface SignedIn {
  token: string;
  person: { id: string; email: string; name: string };
  company: { id: string; name: string };
  role: 'admin' | 'member';
}

interface SignInRow {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
}

/** A hash of a random password: verifying against it costs what a real check costs. */
let decoyHash: Promise<string> | undefined;

@Injectable()
export class SessionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly revocations: CredentialRevocationChannel,
  ) {}

  async signIn(email: string, password: string, companyId?: string): Promise<SignedIn> {
    const [person]: SignInRow[] = await this.dataSource.query(
      `SELECT id, email, name, password_hash FROM identity.people WHERE lower(email) = lower($1)`,
      [email],
    );
    decoyHash ??= argon2.hash(`decoy-${Math.random()}`, { type: argon2.argon2id });
    const verified = await argon2
      .verify(person?.password_hash ?? (await decoyHash), password)
      .catch(() => false);
    if (!person?.password_hash || !verified)
      throw AppError.authRequired('Wrong email or password.');
    const [membership]: { company_id: string; name: string; role: 'admin' | 'member' }[] =
      await this.dataSource.query(
        `SELECT m.company_id, c.name, m.role FROM identity.memberships m
           JOIN identity.companies c ON c.id = m.company_id
          WHERE m.person_id = $1 AND ($2::uuid IS NULL OR m.company_id = $2)
          ORDER BY m.created_at LIMIT 1`,
        [person.id, companyId ?? null],
      );
    if (!membership) throw AppError.accessDenied('This person is not a member of that company.');
    const token = await this.createSession(person.id, membership.company_id, 'password');
    return {
      token,
      person: { id: person.id, email: person.email, name: person.name },
      company: { id: membership.company_id, name: membership.name },
      role: membership.role,
    };
  }

  async createSession(
    personId: string,
    companyId: string,
    kind: SessionKind,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<string> {
    const minted = mintToken('session');
    await manager.query(
      `INSERT INTO identity.sessions (token_hash, company_id, person_id, kind, expires_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [minted.hash, companyId, personId, kind, new Date(Date.now() + SESSION_LIFETIME_MS)],
    );
    return minted.token;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE identity.sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`,
      [sessionId],
    );
    await this.revocations.publish({ type: 'credential', credentialId: sessionId });
  }
}
