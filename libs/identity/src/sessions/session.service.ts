import { Injectable } from '@nestjs/common';
import type { MembershipRole } from '@cw/domain';
import { AppError } from '@cw/platform';
import { CredentialRevocationChannel } from '@cw/queue';
import * as argon2 from 'argon2';
import { DataSource, type EntityManager } from 'typeorm';
import type { CompanyRecord, PersonRecord } from '../directory/directory-records';
import { MembershipRepository } from '../directory/membership.repository';
import { PersonRepository } from '../directory/person.repository';
import type { SessionKind } from '../identity-schema';
import { OAuthSignInService } from '../oauth/oauth-sign-in.service';
import { mintToken } from '../tokens/token-codec';
import { SESSION_LIFETIME_MS } from './session-cookie';
import { SessionRepository } from './session.repository';

export interface SignedIn {
  token: string;
  person: PersonRecord;
  company: CompanyRecord;
  role: MembershipRole;
}

/** A hash of a random password: verifying against it costs what a real check costs. */
let decoyHash: Promise<string> | undefined;

@Injectable()
export class SessionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionRepository,
    private readonly people: PersonRepository,
    private readonly memberships: MembershipRepository,
    private readonly revocations: CredentialRevocationChannel,
    private readonly oauthSignIns: OAuthSignInService,
  ) {}

  async signIn(email: string, password: string, companyId?: string): Promise<SignedIn> {
    const person = await this.people.findWithPasswordByEmail(email);
    decoyHash ??= argon2.hash(`decoy-${Math.random()}`, { type: argon2.argon2id });
    const verified = await argon2
      .verify(person?.passwordHash ?? (await decoyHash), password)
      .catch(() => false);
    if (!person?.passwordHash || !verified) throw AppError.authRequired('Wrong email or password.');
    const membership = await this.memberships.findForSignIn(person.id, companyId ?? null);
    if (!membership) throw AppError.accessDenied('This person is not a member of that company.');
    const token = await this.createSession(person.id, membership.company.id, 'password');
    return {
      token,
      person: { id: person.id, email: person.email, name: person.name },
      company: membership.company,
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
    await this.sessions.insert(manager, {
      tokenHash: minted.hash,
      companyId,
      personId,
      kind,
      expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
    });
    return minted.token;
  }

  /** Ends the session, and the OAuth sign-ins that were approved in it. */
  async revoke(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId);
    await this.revocations.publish({ type: 'credential', credentialId: sessionId });
    await this.oauthSignIns.endApprovedBy(sessionId);
  }
}
