import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';
import { DataSource } from 'typeorm';
import { DirectoryService } from '../directory/directory.service';
import { SessionRepository } from '../sessions/session.repository';
import { SessionService } from '../sessions/session.service';
import { hashToken, mintToken } from '../tokens/token-codec';
import { AcceptanceGate } from '../acceptance/acceptance-gate';
import { AgentTestSignInLinkRepository } from './agent-test-sign-in-link.repository';
import type { AgentTestStatusView, SignInLinkView } from './agent-test-views';

export const SIGN_IN_LINK_LIFETIME_MS = 10 * 60 * 1000;

export const SIGN_IN_LINKS_PATH = '/api/agent-test/auth/sign-in-links';

/**
 * One-time sign-in links for a testbed member's unattended browser, made by a person with
 * `testing.authorize` in the same company, and what such a session can ask about itself.
 */
@Injectable()
export class AgentTestSignInService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly gate: AcceptanceGate,
    private readonly links: AgentTestSignInLinkRepository,
    private readonly directory: DirectoryService,
    private readonly sessions: SessionService,
    private readonly sessionRecords: SessionRepository,
  ) {}

  async createLink(creator: Actor, email: string, publicBase: string): Promise<SignInLinkView> {
    this.gate.assertEnabled();
    const member = await this.directory.findPersonByEmail(email);
    if (!member || !(await this.directory.roleOf(creator.companyId, member.id))) {
      throw AppError.notFound('No member of your company has that email.');
    }
    const minted = mintToken('signInLink');
    const expiresAt = new Date(Date.now() + SIGN_IN_LINK_LIFETIME_MS);
    await this.links.insert({
      tokenHash: minted.hash,
      companyId: creator.companyId,
      personId: member.id,
      createdBy: creator.personId,
      expiresAt,
    });
    return {
      url: `${publicBase}${SIGN_IN_LINKS_PATH}/${minted.token}`,
      expires_at: expiresAt.toISOString(),
    };
  }

  /** Uses the link up and answers a new session's token; the link never works again. */
  async openLink(token: string): Promise<string> {
    this.gate.assertEnabled();
    return this.dataSource.transaction(async (manager) => {
      const link = await this.links.consume(manager, hashToken(token));
      if (!link)
        throw AppError.notFound('This sign-in link was used already, expired or never existed.');
      return this.sessions.createSession(link.personId, link.companyId, 'agent_test', manager);
    });
  }

  async status(actor: Actor): Promise<AgentTestStatusView> {
    this.gate.assertEnabled();
    const [person, company, session] = await Promise.all([
      this.directory.personById(actor.personId),
      this.directory.companyById(actor.companyId),
      this.sessionRecords.findKindAndExpiry(actor.credential.id),
    ]);
    if (!person || !company || !session) throw AppError.authRequired();
    return {
      signed_in: true,
      person: { id: person.id, email: person.email, name: person.name },
      company: { id: company.id, name: company.name },
      role: actor.role,
      session: { kind: session.kind, expires_at: session.expiresAt.toISOString() },
    };
  }

  async revoke(actor: Actor): Promise<void> {
    this.gate.assertEnabled();
    await this.sessions.revoke(actor.credential.id);
  }
}
