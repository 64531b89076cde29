import { Injectable } from '@nestjs/common';
import { all, first, run } from '@cw/db';
import type { MembershipRole } from '@cw/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { teamIdsOf } from '../credentials/credential-team-ids.sql';
import { identityDb } from '../identity-schema';
import type { CompanyRecord } from './directory-records';

export interface MemberAccess {
  role: MembershipRole;
  teamIds: string[];
}

export interface MembershipWithCompany {
  company: CompanyRecord;
  role: MembershipRole;
}

interface MembershipKey {
  companyId: string;
  personId: string;
}

const ofMember = ({ companyId, personId }: MembershipKey) =>
  identityDb
    .selectFrom('identity.memberships as m')
    .where('m.company_id', '=', companyId)
    .where('m.person_id', '=', personId);

export const membershipStatements = {
  /** Creates the membership or changes its role; its age (which company signs in first) stays. */
  upsert: (key: MembershipKey, role: MembershipRole) =>
    identityDb
      .insertInto('identity.memberships')
      .values({ company_id: key.companyId, person_id: key.personId, role })
      .onConflict((conflict) =>
        conflict
          .columns(['company_id', 'person_id'])
          .doUpdateSet((eb) => ({ role: eb.ref('excluded.role') })),
      ),

  delete: ({ companyId, personId }: MembershipKey) =>
    identityDb
      .deleteFrom('identity.memberships')
      .where('company_id', '=', companyId)
      .where('person_id', '=', personId)
      .returning('person_id'),

  findRole: (key: MembershipKey) => ofMember(key).select('m.role'),

  findAccess: (key: MembershipKey) =>
    ofMember(key).select(['m.role', teamIdsOf('m').as('teamIds')]),

  /** The oldest membership of the person, in that company when one is named. */
  findForSignIn: (personId: string, companyId: string | null) =>
    identityDb
      .selectFrom('identity.memberships as m')
      .innerJoin('identity.companies as c', 'c.id', 'm.company_id')
      .select(['m.company_id as companyId', 'c.name', 'm.role'])
      .where('m.person_id', '=', personId)
      .$if(companyId !== null, (query) => query.where('m.company_id', '=', companyId!))
      .orderBy('m.created_at')
      .limit(1),
};

@Injectable()
export class MembershipRepository {
  constructor(private readonly dataSource: DataSource) {}

  upsert(
    manager: EntityManager,
    companyId: string,
    personId: string,
    role: MembershipRole,
  ): Promise<void> {
    return run(manager, membershipStatements.upsert({ companyId, personId }, role));
  }

  /** False when there was no such membership. Its sessions and keys go with it (cascade). */
  async delete(companyId: string, personId: string): Promise<boolean> {
    const removed = await all(
      this.dataSource,
      membershipStatements.delete({ companyId, personId }),
    );
    return removed.length > 0;
  }

  async findRole(companyId: string, personId: string): Promise<MembershipRole | null> {
    const row = await first(
      this.dataSource,
      membershipStatements.findRole({ companyId, personId }),
    );
    return row?.role ?? null;
  }

  /** The person's role and teams in that company now, or null when they are not a member. */
  findAccess(companyId: string, personId: string): Promise<MemberAccess | null> {
    return first(this.dataSource, membershipStatements.findAccess({ companyId, personId }));
  }

  /** The person's membership in that company, or their oldest one when no company is named. */
  async findForSignIn(
    personId: string,
    companyId: string | null,
  ): Promise<MembershipWithCompany | null> {
    const row = await first(
      this.dataSource,
      membershipStatements.findForSignIn(personId, companyId),
    );
    return row ? { company: { id: row.companyId, name: row.name }, role: row.role } : null;
  }
}
