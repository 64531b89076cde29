import { Injectable } from '@nestjs/common';
import { all, type CamelRow, first, type IdentityTables, run } from '@cw/db';
import { type ExpressionBuilder, expressionBuilder, type InferResult, sql } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import { DataSource, type EntityManager } from 'typeorm';
import {
  type IdentityAgentTestGrants,
  type IdentityCompanies,
  type IdentityPeople,
  identityDb,
} from '../identity-schema';

export type NewAgentTestGrant = CamelRow<
  IdentityAgentTestGrants,
  'company_id' | 'person_id' | 'scopes' | 'expires_at'
>;

type Grants = IdentityTables & { g: IdentityAgentTestGrants };
type GrantsWithNames = Grants & { p: IdentityPeople; c: IdentityCompanies };

const grant = expressionBuilder<Grants, 'g'>();

/** An approved grant is never expired: the deadline only bounds the wait for approval. */
const pendingOrApproved = grant.or([
  grant('g.approved_at', 'is not', null),
  grant('g.expires_at', '>', sql<Date>`now()`),
]);

/** What the approver's page shows: whose key (`p`), in which company (`c`), with which scopes. */
const forApproval = (eb: ExpressionBuilder<GrantsWithNames, 'g' | 'p' | 'c'>) => [
  eb.ref('g.id').as('id'),
  eb.ref('g.scopes').as('scopes'),
  eb.ref('g.expires_at').as('expiresAt'),
  eb.ref('g.approved_at').as('approvedAt'),
  jsonBuildObject({ id: eb.ref('p.id'), email: eb.ref('p.email'), name: eb.ref('p.name') }).as(
    'person',
  ),
  jsonBuildObject({ id: eb.ref('c.id'), name: eb.ref('c.name') }).as('company'),
];

export const agentTestGrantStatements = {
  insert: (newGrant: NewAgentTestGrant) =>
    identityDb
      .insertInto('identity.agent_test_grants')
      .values({
        company_id: newGrant.companyId,
        person_id: newGrant.personId,
        scopes: newGrant.scopes,
        expires_at: newGrant.expiresAt,
      })
      .returning(['id', 'expires_at as expiresAt']),

  findForApproval: (grantId: string, companyId: string) =>
    identityDb
      .selectFrom('identity.agent_test_grants as g')
      .innerJoin('identity.people as p', 'p.id', 'g.person_id')
      .innerJoin('identity.companies as c', 'c.id', 'g.company_id')
      .select(forApproval)
      .where('g.id', '=', grantId)
      .where('g.company_id', '=', companyId)
      .where(pendingOrApproved),

  /** The first approval (its time and approver) is kept. */
  approve: (grantId: string, companyId: string, approverId: string) =>
    identityDb
      .updateTable('identity.agent_test_grants as g')
      .from(['identity.people as p', 'identity.companies as c'])
      .set((eb) => ({
        approved_at: eb.fn.coalesce('g.approved_at', sql<Date>`now()`),
        approved_by: eb
          .case()
          .when('g.approved_at', 'is', null)
          .then(sql<string>`${approverId}::uuid`)
          .else(eb.ref('g.approved_by'))
          .end(),
      }))
      .where('g.id', '=', grantId)
      .where('g.company_id', '=', companyId)
      .where(pendingOrApproved)
      .whereRef('p.id', '=', 'g.person_id')
      .whereRef('c.id', '=', 'g.company_id')
      .returning(forApproval),

  lockForExchange: (grantId: string) =>
    identityDb
      .selectFrom('identity.agent_test_grants as g')
      .select((eb) => [
        'g.company_id as companyId',
        'g.person_id as personId',
        'g.scopes',
        eb('g.approved_at', 'is not', null).as('approved'),
        eb('g.exchanged_at', 'is not', null).as('exchanged'),
        eb.not(pendingOrApproved).as('expired'),
      ])
      .where('g.id', '=', grantId)
      .forUpdate(),

  markExchanged: (grantId: string, apiKeyId: string) =>
    identityDb
      .updateTable('identity.agent_test_grants')
      .set({ exchanged_at: sql<Date>`now()`, api_key_id: apiKeyId })
      .where('id', '=', grantId),
};

/** What the approver's page shows: whose key, in which company, with which scopes. */
export type GrantForApproval = InferResult<
  ReturnType<typeof agentTestGrantStatements.findForApproval>
>[number];

/** A grant as its approver sees it once approved. */
export type ApprovedGrant = GrantForApproval & { approvedAt: Date };

/** A grant under its row lock, with `expired` judged by the database's clock. */
export type LockedGrant = InferResult<
  ReturnType<typeof agentTestGrantStatements.lockForExchange>
>[number];

@Injectable()
export class AgentTestGrantRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(newGrant: NewAgentTestGrant): Promise<{ id: string; expiresAt: Date }> {
    const [row] = await all(this.dataSource, agentTestGrantStatements.insert(newGrant));
    return row;
  }

  /** The grant of that company, unless it expired unapproved. */
  findForApproval(grantId: string, companyId: string): Promise<GrantForApproval | null> {
    return first(this.dataSource, agentTestGrantStatements.findForApproval(grantId, companyId));
  }

  /**
   * Approves the grant of that company, keeping the first approval: approving again answers the
   * same time, with the grant as its approver sees it. Null when there is no such grant or it
   * expired unapproved.
   */
  async approve(
    grantId: string,
    companyId: string,
    approverId: string,
  ): Promise<ApprovedGrant | null> {
    const row = await first(
      this.dataSource,
      agentTestGrantStatements.approve(grantId, companyId, approverId),
    );
    // Never null once approved: the statement sets it when it was.
    return row?.approvedAt ? { ...row, approvedAt: row.approvedAt } : null;
  }

  /** Holds the grant's row until the caller's transaction ends: parallel exchanges queue up. */
  lockForExchange(manager: EntityManager, grantId: string): Promise<LockedGrant | null> {
    return first(manager, agentTestGrantStatements.lockForExchange(grantId));
  }

  async markExchanged(manager: EntityManager, grantId: string, apiKeyId: string): Promise<void> {
    await run(manager, agentTestGrantStatements.markExchanged(grantId, apiKeyId));
  }
}
