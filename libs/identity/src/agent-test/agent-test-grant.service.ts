import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';
import { DataSource } from 'typeorm';
import { ApiKeyService } from '../api-keys/api-key.service';
import { DirectoryService } from '../directory/directory.service';
import { agentTestError } from './agent-test-errors';
import { AcceptanceGate } from '../acceptance/acceptance-gate';
import {
  AgentTestGrantRepository,
  type ApprovedGrant,
  type GrantForApproval,
} from './agent-test-grant.repository';
import type { GrantApprovedView, GrantRequestedView, GrantTokenView } from './agent-test-views';

export const GRANT_APPROVAL_WINDOW_MS = 15 * 60 * 1000;

const GRANT_GONE = 'No such agent-test grant in your company, or it expired unapproved.';

export function authorizePathOf(grantId: string): string {
  return `/api/agent-test/auth/grants/${grantId}/authorize`;
}

/**
 * Agent-test grants: an agent holding ACCEPTANCE_AUTH_SECRET asks for a key of a testbed
 * member, a person with `testing.authorize` in that company approves it in a browser, and the
 * agent exchanges the approved grant for one API key.
 */
@Injectable()
export class AgentTestGrantService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly gate: AcceptanceGate,
    private readonly grants: AgentTestGrantRepository,
    private readonly directory: DirectoryService,
    private readonly apiKeys: ApiKeyService,
  ) {}

  async request(
    secret: string,
    member: { email: string; company: string; scopes: string[] },
    publicBase: string,
  ): Promise<GrantRequestedView> {
    this.gate.assertSecret(secret);
    const [person, company] = await Promise.all([
      this.directory.findPersonByEmail(member.email),
      this.directory.findCompanyByName(member.company),
    ]);
    if (!person || !company || !(await this.directory.roleOf(company.id, person.id))) {
      throw AppError.notFound('No member with that email in a company of that name.');
    }
    const grant = await this.grants.insert({
      companyId: company.id,
      personId: person.id,
      scopes: [...new Set(member.scopes)],
      expiresAt: new Date(Date.now() + GRANT_APPROVAL_WINDOW_MS),
    });
    return {
      grant_id: grant.id,
      authorize_url: `${publicBase}${authorizePathOf(grant.id)}`,
      expires_at: grant.expiresAt.toISOString(),
    };
  }

  /** The grant as its approver sees it; only a person of the grant's company finds it. */
  async forApprover(approver: Actor, grantId: string): Promise<GrantForApproval> {
    this.gate.assertEnabled();
    const grant = await this.grants.findForApproval(grantId, approver.companyId);
    if (!grant) throw AppError.notFound(GRANT_GONE);
    return grant;
  }

  /**
   * Idempotent: approving an approved grant answers its first approval. With the grant as its
   * approver sees it, for the confirmation page.
   */
  async approve(
    approver: Actor,
    grantId: string,
  ): Promise<{ approval: GrantApprovedView; grant: ApprovedGrant }> {
    this.gate.assertEnabled();
    const grant = await this.grants.approve(grantId, approver.companyId, approver.personId);
    if (!grant) throw AppError.notFound(GRANT_GONE);
    return {
      approval: {
        grant_id: grantId,
        status: 'approved',
        approved_at: grant.approvedAt.toISOString(),
      },
      grant,
    };
  }

  /**
   * Mints the grant's one key. The grant row stays locked from the check to the mark, so of
   * parallel exchanges exactly one mints and the others see it exchanged.
   */
  async exchange(secret: string, grantId: string): Promise<GrantTokenView> {
    this.gate.assertSecret(secret);
    return this.dataSource.transaction(async (manager) => {
      const grant = await this.grants.lockForExchange(manager, grantId);
      if (!grant || grant.expired) {
        throw AppError.notFound('No such agent-test grant, or it expired unapproved.');
      }
      if (grant.exchanged) {
        throw agentTestError('GRANT_EXCHANGED', 'This grant was already exchanged for its key.');
      }
      if (!grant.approved) {
        throw agentTestError(
          'GRANT_NOT_APPROVED',
          'Nobody has approved this grant yet: open its authorize_url as a person with ' +
            'testing.authorize, then exchange again.',
        );
      }
      const key = await this.apiKeys.create(
        grant,
        `agent-test grant ${grantId.slice(0, 8)}`,
        grant.scopes,
        manager,
      );
      await this.grants.markExchanged(manager, grantId, key.id);
      return { token: key.token };
    });
  }
}
