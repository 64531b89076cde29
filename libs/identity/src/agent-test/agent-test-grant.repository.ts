import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { AgentTestGrant } from './entities/agent-test-grant.entity';

export type NewAgentTestGrant = Pick<
  AgentTestGrant,
  'companyId' | 'personId' | 'scopes' | 'expiresAt'
>;

/** What the approver's page shows: whose key, in which company, with which scopes. */
export interface GrantForApproval {
  id: string;
  scopes: string[];
  expiresAt: Date;
  approvedAt: Date | null;
  person: { id: string; email: string; name: string };
  company: { id: string; name: string };
}

/** A grant as its approver sees it once approved. */
export type ApprovedGrant = GrantForApproval & { approvedAt: Date };

/** A grant under its row lock, with `expired` judged by the database's clock. */
export interface LockedGrant {
  companyId: string;
  personId: string;
  scopes: string[];
  approved: boolean;
  exchanged: boolean;
  expired: boolean;
}

interface GrantForApprovalRow {
  id: string;
  scopes: string[];
  expires_at: Date;
  approved_at: Date | null;
  person_id: string;
  email: string;
  person_name: string;
  company_id: string;
  company_name: string;
}

/** An approved grant is never expired: the deadline only bounds the wait for approval. */
const PENDING_OR_APPROVED = `(g.approved_at IS NOT NULL OR g.expires_at > now())`;

const GRANT_FOR_APPROVAL_COLUMNS = `g.id, g.scopes, g.expires_at, g.approved_at,
  p.id AS person_id, p.email, p.name AS person_name, c.id AS company_id, c.name AS company_name`;

function grantForApproval(row: GrantForApprovalRow): GrantForApproval {
  return {
    id: row.id,
    scopes: row.scopes,
    expiresAt: row.expires_at,
    approvedAt: row.approved_at,
    person: { id: row.person_id, email: row.email, name: row.person_name },
    company: { id: row.company_id, name: row.company_name },
  };
}

@Injectable()
export class AgentTestGrantRepository {
  constructor(
    @InjectRepository(AgentTestGrant) private readonly grants: Repository<AgentTestGrant>,
  ) {}

  async insert(grant: NewAgentTestGrant): Promise<Pick<AgentTestGrant, 'id' | 'expiresAt'>> {
    const inserted = await this.grants.insert(grant);
    const generated = inserted.generatedMaps[0] as Pick<AgentTestGrant, 'id'>;
    return { id: generated.id, expiresAt: grant.expiresAt };
  }

  /** The grant of that company, unless it expired unapproved. */
  async findForApproval(grantId: string, companyId: string): Promise<GrantForApproval | null> {
    const [row]: GrantForApprovalRow[] = await this.grants.query(
      `SELECT ${GRANT_FOR_APPROVAL_COLUMNS}
         FROM identity.agent_test_grants g
         JOIN identity.people p ON p.id = g.person_id
         JOIN identity.companies c ON c.id = g.company_id
        WHERE g.id = $1 AND g.company_id = $2 AND ${PENDING_OR_APPROVED}`,
      [grantId, companyId],
    );
    return row ? grantForApproval(row) : null;
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
    const [rows]: [GrantForApprovalRow[], number] = await this.grants.query(
      `UPDATE identity.agent_test_grants g
          SET approved_at = coalesce(g.approved_at, now()),
              approved_by = CASE WHEN g.approved_at IS NULL THEN $3::uuid ELSE g.approved_by END
         FROM identity.people p, identity.companies c
        WHERE g.id = $1 AND g.company_id = $2 AND ${PENDING_OR_APPROVED}
          AND p.id = g.person_id AND c.id = g.company_id
        RETURNING ${GRANT_FOR_APPROVAL_COLUMNS}`,
      [grantId, companyId, approverId],
    );
    return rows[0] ? { ...grantForApproval(rows[0]), approvedAt: rows[0].approved_at! } : null;
  }

  /** Holds the grant's row until the caller's transaction ends: parallel exchanges queue up. */
  async lockForExchange(manager: EntityManager, grantId: string): Promise<LockedGrant | null> {
    const [row]: {
      company_id: string;
      person_id: string;
      scopes: string[];
      approved: boolean;
      exchanged: boolean;
      expired: boolean;
    }[] = await manager.query(
      `SELECT g.company_id, g.person_id, g.scopes,
              g.approved_at IS NOT NULL AS approved,
              g.exchanged_at IS NOT NULL AS exchanged,
              NOT ${PENDING_OR_APPROVED} AS expired
         FROM identity.agent_test_grants g
        WHERE g.id = $1
          FOR UPDATE`,
      [grantId],
    );
    return row
      ? {
          companyId: row.company_id,
          personId: row.person_id,
          scopes: row.scopes,
          approved: row.approved,
          exchanged: row.exchanged,
          expired: row.expired,
        }
      : null;
  }

  async markExchanged(manager: EntityManager, grantId: string, apiKeyId: string): Promise<void> {
    await manager.query(
      `UPDATE identity.agent_test_grants SET exchanged_at = now(), api_key_id = $2 WHERE id = $1`,
      [grantId, apiKeyId],
    );
  }
}
