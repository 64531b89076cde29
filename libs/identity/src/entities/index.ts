import { ApiKey } from './api-key.entity';
import { Company } from './company.entity';
import { Membership } from './membership.entity';
import { OperatorGrant } from './operator-grant.entity';
import { Person } from './person.entity';
import { Session } from './session.entity';
import { Team } from './team.entity';
import { TeamMembership } from './team-membership.entity';

export { ApiKey, Company, Membership, OperatorGrant, Person, Session, Team, TeamMembership };

export const IDENTITY_ENTITIES = [
  Company,
  Person,
  Membership,
  Team,
  TeamMembership,
  Session,
  ApiKey,
  OperatorGrant,
];
