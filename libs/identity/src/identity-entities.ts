import { AgentTestGrant } from './agent-test/entities/agent-test-grant.entity';
import { AgentTestSignInLink } from './agent-test/entities/agent-test-sign-in-link.entity';
import { ApiKey } from './api-keys/entities/api-key.entity';
import { Company } from './directory/entities/company.entity';
import { Membership } from './directory/entities/membership.entity';
import { OperatorGrant } from './directory/entities/operator-grant.entity';
import { Person } from './directory/entities/person.entity';
import { Team } from './directory/entities/team.entity';
import { TeamMembership } from './directory/entities/team-membership.entity';
import { Session } from './sessions/entities/session.entity';

/** Every table of the `identity` schema. */
export const IDENTITY_ENTITIES = [
  Company,
  Person,
  Membership,
  Team,
  TeamMembership,
  Session,
  ApiKey,
  OperatorGrant,
  AgentTestGrant,
  AgentTestSignInLink,
];
