import { Module } from '@nestjs/common';
import { CompanyRepository } from './company.repository';
import { DirectoryService } from './directory.service';
import { MembershipRepository } from './membership.repository';
import { OperatorGrantRepository } from './operator-grant.repository';
import { PersonRepository } from './person.repository';
import { TeamMembershipRepository } from './team-membership.repository';
import { TeamRepository } from './team.repository';

const REPOSITORIES = [
  CompanyRepository,
  PersonRepository,
  MembershipRepository,
  TeamRepository,
  TeamMembershipRepository,
  OperatorGrantRepository,
];

/**
 * Companies, people, memberships, teams and operator grants through `DirectoryService`: what a
 * context that acts for a person or names one needs of identity. No routes. The repositories
 * are exported for identity's own modules only (the lib's index does not name them).
 */
@Module({
  providers: [...REPOSITORIES, DirectoryService],
  exports: [...REPOSITORIES, DirectoryService],
})
export class DirectoryModule {}
