import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { MembershipRole } from '@cw/domain';
import type { EntityManager, Repository } from 'typeorm';
import { credentialTeamIds } from '../credentials/credential-team-ids.sql';
import type { CompanyRecord } from './directory-records';
import { Membership } from './entities/membership.entity';

export interface MemberAccess {
  role: MembershipRole;
  teamIds: string[];
}

export interface MembershipWithCompany {
  company: CompanyRecord;
  role: MembershipRole;
}

@Injectable()
export class MembershipRepository {
  constructor(@InjectRepository(Membership) private readonly memberships: Repository<Membership>) {}

  /** Creates the membership or changes its role; its age (which company signs in first) stays. */
  async upsert(
    manager: EntityManager,
    companyId: string,
    personId: string,
    role: MembershipRole,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO identity.memberships (company_id, person_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (company_id, person_id) DO UPDATE SET role = EXCLUDED.role`,
      [companyId, personId, role],
    );
  }

  /** False when there was no such membership. Its sessions and keys go with it (cascade). */
  async delete(companyId: string, personId: string): Promise<boolean> {
    const result = await this.memberships.delete({ companyId, personId });
    return (result.affected ?? 0) > 0;
  }

  async findRole(companyId: string, personId: string): Promise<MembershipRole | null> {
    const membership = await this.memberships.findOne({
      select: { role: true },
      where: { companyId, personId },
    });
    return membership?.role ?? null;
  }

  /** The person's role and teams in that company now, or null when they are not a member. */
  async findAccess(companyId: string, personId: string): Promise<MemberAccess | null> {
    const [row]: { role: MembershipRole; team_ids: string[] }[] = await this.memberships.query(
      `SELECT m.role, ${credentialTeamIds('m')} FROM identity.memberships m
        WHERE m.company_id = $1 AND m.person_id = $2`,
      [companyId, personId],
    );
    return row ? { role: row.role, teamIds: row.team_ids } : null;
  }

  /** The person's membership in that company, or their oldest one when no company is named. */
  async findForSignIn(
    personId: string,
    companyId: string | null,
  ): Promise<MembershipWithCompany | null> {
    const [row]: { company_id: string; name: string; role: MembershipRole }[] =
      await this.memberships.query(
        `SELECT m.company_id, c.name, m.role FROM identity.memberships m
           JOIN identity.companies c ON c.id = m.company_id
          WHERE m.person_id = $1 AND ($2::uuid IS NULL OR m.company_id = $2)
          ORDER BY m.created_at LIMIT 1`,
        [personId, companyId],
      );
    return row ? { company: { id: row.company_id, name: row.name }, role: row.role } : null;
  }
}
