import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { TeamMembership } from './entities/team-membership.entity';

@Injectable()
export class TeamMembershipRepository {
  /** Adds the person to the team; adding a member again changes nothing. */
  async insertIfAbsent(manager: EntityManager, teamId: string, personId: string): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(TeamMembership)
      .values({ teamId, personId })
      .orIgnore()
      .execute();
  }
}
