import { Injectable } from '@nestjs/common';
import type { MembershipRole, OperatorRequirement } from '@cw/domain';
import { DataSource, type EntityManager } from 'typeorm';

export interface CompanyRecord {
  id: string;
  name: string;
}
export interface PersonRecord {
  id: string;
  email: string;
  name: string;
}
export interface TeamRecord {
  id: string;
  name: string;
}

/**
 * Companies, people, memberships, teams and operator grants. Every write is an idempotent
 * upsert keyed by the natural key, so concurrent callers converge on one row.
 */
@Injectable()
export class DirectoryService {
  constructor(private readonly dataSource: DataSource) {}

  async findOrCreateCompany(
    name: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<CompanyRecord> {
    await manager.query(
      `INSERT INTO identity.companies (name) VALUES ($1) ON CONFLICT ((lower(name))) DO NOTHING`,
      [name],
    );
    const [company]: CompanyRecord[] = await manager.query(
      `SELECT id, name FROM identity.companies WHERE lower(name) = lower($1)`,
      [name],
    );
    return company;
  }

  async findOrCreatePerson(
    email: string,
    name: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<PersonRecord> {
    await manager.query(
      `INSERT INTO identity.people (email, name) VALUES ($1, $2) ON CONFLICT ((lower(email))) DO NOTHING`,
      [email, name],
    );
    return (await this.findPersonByEmail(email, manager))!;
  }

  async findPersonByEmail(
    email: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<PersonRecord | null> {
    const [person]: PersonRecord[] = await manager.query(
      `SELECT id, email, name FROM identity.people WHERE lower(email) = lower($1)`,
      [email],
    );
    return person ?? null;
  }

  async setPassword(personId: string, passwordHash: string): Promise<void> {
    await this.dataSource.query(`UPDATE identity.people SET password_hash = $2 WHERE id = $1`, [
      personId,
      passwordHash,
    ]);
  }

  async setMembership(
    companyId: string,
    personId: string,
    role: MembershipRole,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO identity.memberships (company_id, person_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (company_id, person_id) DO UPDATE SET role = EXCLUDED.role`,
      [companyId, personId, role],
    );
  }

  async removeMembership(companyId: string, personId: string): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM identity.memberships WHERE company_id = $1 AND person_id = $2`,
      [companyId, personId],
    );
    return affected > 0;
  }

  async findCompanyByName(name: string): Promise<CompanyRecord | null> {
    const [company]: CompanyRecord[] = await this.dataSource.query(
      `SELECT id, name FROM identity.companies WHERE lower(name) = lower($1)`,
      [name],
    );
    return company ?? null;
  }

  async roleOf(companyId: string, personId: string): Promise<MembershipRole | null> {
    const [row]: { role: MembershipRole }[] = await this.dataSource.query(
      `SELECT role FROM identity.memberships WHERE company_id = $1 AND person_id = $2`,
      [companyId, personId],
    );
    return row?.role ?? null;
  }

  async findOrCreateTeam(
    companyId: string,
    name: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<TeamRecord> {
    await manager.query(
      `INSERT INTO identity.teams (company_id, name) VALUES ($1, $2)
       ON CONFLICT (company_id, (lower(name))) DO NOTHING`,
      [companyId, name],
    );
    const [team]: TeamRecord[] = await manager.query(
      `SELECT id, name FROM identity.teams WHERE company_id = $1 AND lower(name) = lower($2)`,
      [companyId, name],
    );
    return team;
  }

  async findTeamByName(companyId: string, name: string): Promise<TeamRecord | null> {
    const [team]: TeamRecord[] = await this.dataSource.query(
      `SELECT id, name FROM identity.teams WHERE company_id = $1 AND lower(name) = lower($2)`,
      [companyId, name],
    );
    return team ?? null;
  }

  async teamsByIds(ids: readonly string[]): Promise<TeamRecord[]> {
    if (ids.length === 0) return [];
    return this.dataSource.query(
      `SELECT id, name FROM identity.teams WHERE id = ANY($1::uuid[]) ORDER BY name`,
      [ids],
    );
  }

  async addTeamMember(
    teamId: string,
    personId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO identity.team_memberships (team_id, person_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [teamId, personId],
    );
  }

  async grantOperatorRequirement(
    personId: string,
    requirement: OperatorRequirement,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO identity.operator_grants (person_id, requirement) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [personId, requirement],
    );
  }

  async revokeOperatorRequirement(
    personId: string,
    requirement: OperatorRequirement,
  ): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM identity.operator_grants WHERE person_id = $1 AND requirement = $2`,
      [personId, requirement],
    );
    return affected > 0;
  }

  async companyById(id: string): Promise<CompanyRecord | null> {
    const [company]: CompanyRecord[] = await this.dataSource.query(
      `SELECT id, name FROM identity.companies WHERE id = $1`,
      [id],
    );
    return company ?? null;
  }

  async hasAnyCompany(): Promise<boolean> {
    const [row]: { exists: boolean }[] = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM identity.companies) AS exists`,
    );
    return row.exists;
  }
}
