import { Injectable } from '@nestjs/common';
import { run } from '@cw/db';
import type { EntityManager } from 'typeorm';
import { identityDb } from '../identity-schema';

export const teamMembershipStatements = {
  insertIfAbsent: (teamId: string, personId: string) =>
    identityDb
      .insertInto('identity.team_memberships')
      .values({ team_id: teamId, person_id: personId })
      .onConflict((conflict) => conflict.doNothing()),
};

@Injectable()
export class TeamMembershipRepository {
  /** Adds the person to the team; adding a member again changes nothing. */
  insertIfAbsent(manager: EntityManager, teamId: string, personId: string): Promise<void> {
    return run(manager, teamMembershipStatements.insertIfAbsent(teamId, personId));
  }
}
