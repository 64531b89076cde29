import { Injectable } from '@nestjs/common';
import type { Actor, MembershipRole, OperatorRequirement } from '@cw/domain';
import { CredentialRevocationChannel } from '@cw/queue';
import { DataSource, type EntityManager } from 'typeorm';
import { CompanyRepository } from './company.repository';
import type { CompanyRecord, PersonRecord, TeamRecord } from './directory-records';
import { MembershipRepository } from './membership.repository';
import { OperatorGrantRepository } from './operator-grant.repository';
import { PersonRepository } from './person.repository';
import { TeamMembershipRepository } from './team-membership.repository';
import { TeamRepository } from './team.repository';

/**
 * Companies, people, memberships, teams and operator grants. Every write is an idempotent
 * upsert keyed by the natural key, so concurrent callers converge on one row. Methods taking a
 * `manager` join the caller's transaction; without one each statement commits on its own.
 */
@Injectable()
export class DirectoryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly companies: CompanyRepository,
    private readonly people: PersonRepository,
    private readonly memberships: MembershipRepository,
    private readonly teams: TeamRepository,
    private readonly teamMemberships: TeamMembershipRepository,
    private readonly operatorGrants: OperatorGrantRepository,
    private readonly revocations: CredentialRevocationChannel,
  ) {}

  async findOrCreateCompany(
    name: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<CompanyRecord> {
    await this.companies.insertIfAbsent(manager, name);
    return (await this.companies.findByName(manager, name))!;
  }

  findCompanyByName(name: string): Promise<CompanyRecord | null> {
    return this.companies.findByName(this.dataSource.manager, name);
  }

  companyById(id: string): Promise<CompanyRecord | null> {
    return this.companies.findById(id);
  }

  /** The ids of the companies with these legacy integer ids; unknown ones are left out. */
  async companyIdsByLegacyIds(legacyIds: readonly string[]): Promise<string[]> {
    return legacyIds.length === 0 ? [] : this.companies.findIdsByLegacyIds(legacyIds);
  }

  /**
   * Runs `seed` only while the directory holds no company. Concurrent callers (two starts at
   * once) take turns, so the later one finds the first one's company and skips: null.
   */
  seedIfEmpty<T>(seed: () => Promise<T>): Promise<T | null> {
    return this.dataSource.transaction(async (manager) => {
      await this.companies.lockForSeeding(manager);
      return (await this.companies.existsAny(manager)) ? null : seed();
    });
  }

  async findOrCreatePerson(
    email: string,
    name: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<PersonRecord> {
    await this.people.insertIfAbsent(manager, email, name);
    return (await this.people.findByEmail(manager, email))!;
  }

  personById(id: string): Promise<PersonRecord | null> {
    return this.people.findById(id);
  }

  findPersonByEmail(email: string): Promise<PersonRecord | null> {
    return this.people.findByEmail(this.dataSource.manager, email);
  }

  setPassword(personId: string, passwordHash: string): Promise<void> {
    return this.people.setPasswordHash(personId, passwordHash);
  }

  setMembership(
    companyId: string,
    personId: string,
    role: MembershipRole,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    return this.memberships.upsert(manager, companyId, personId, role);
  }

  /**
   * Ends the person's sessions and keys in that company too, and tells every process, so that
   * cached credentials of theirs stop at once.
   */
  async removeMembership(companyId: string, personId: string): Promise<boolean> {
    const removed = await this.memberships.delete(companyId, personId);
    await this.revocations.publish({ type: 'person', personId });
    return removed;
  }

  roleOf(companyId: string, personId: string): Promise<MembershipRole | null> {
    return this.memberships.findRole(companyId, personId);
  }

  /**
   * The person acting in that company with their current role and teams, through `credential`
   * (work done on their behalf, such as a workflow run); null when the membership has ended.
   */
  async actorFor(
    companyId: string,
    personId: string,
    credential: Actor['credential'],
  ): Promise<Actor | null> {
    const access = await this.memberships.findAccess(companyId, personId);
    return access ? { personId, companyId, ...access, credential } : null;
  }

  async findOrCreateTeam(
    companyId: string,
    name: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<TeamRecord> {
    await this.teams.insertIfAbsent(manager, companyId, name);
    return (await this.teams.findByName(manager, companyId, name))!;
  }

  findTeamByName(companyId: string, name: string): Promise<TeamRecord | null> {
    return this.teams.findByName(this.dataSource.manager, companyId, name);
  }

  /** The teams with these ids, by name. */
  async teamsByIds(ids: readonly string[]): Promise<TeamRecord[]> {
    return ids.length === 0 ? [] : this.teams.findByIds(ids);
  }

  addTeamMember(
    teamId: string,
    personId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    return this.teamMemberships.insertIfAbsent(manager, teamId, personId);
  }

  grantOperatorRequirement(
    personId: string,
    requirement: OperatorRequirement,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    return this.operatorGrants.insertIfAbsent(manager, personId, requirement);
  }

  revokeOperatorRequirement(personId: string, requirement: OperatorRequirement): Promise<boolean> {
    return this.operatorGrants.delete(personId, requirement);
  }
}
