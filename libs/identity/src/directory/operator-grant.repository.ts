import { Injectable } from '@nestjs/common';
import { all, run } from '@cw/db';
import type { OperatorRequirement } from '@cw/domain';
import { sql } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import { identityDb } from '../identity-schema';

export const operatorGrantStatements = {
  insertIfAbsent: (personId: string, requirement: OperatorRequirement) =>
    identityDb
      .insertInto('identity.operator_grants')
      .values({ person_id: personId, requirement })
      .onConflict((conflict) => conflict.doNothing()),

  delete: (personId: string, requirement: OperatorRequirement) =>
    identityDb
      .deleteFrom('identity.operator_grants')
      .where('person_id', '=', personId)
      .where('requirement', '=', requirement)
      .returning('requirement'),

  findHeld: (personId: string, requirements: readonly OperatorRequirement[]) =>
    identityDb
      .selectFrom('identity.operator_grants')
      .select('requirement')
      .where('person_id', '=', personId)
      .where(sql<boolean>`requirement = ANY(${requirements}::text[])`),
};

@Injectable()
export class OperatorGrantRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Grants the requirement; granting it again changes nothing. */
  insertIfAbsent(
    manager: EntityManager,
    personId: string,
    requirement: OperatorRequirement,
  ): Promise<void> {
    return run(manager, operatorGrantStatements.insertIfAbsent(personId, requirement));
  }

  /** False when the person did not hold the grant. */
  async delete(personId: string, requirement: OperatorRequirement): Promise<boolean> {
    const removed = await all(
      this.dataSource,
      operatorGrantStatements.delete(personId, requirement),
    );
    return removed.length > 0;
  }

  /** Which of the requirements the person holds; on the request path of operator routes. */
  async findHeld(
    personId: string,
    requirements: readonly OperatorRequirement[],
  ): Promise<OperatorRequirement[]> {
    const rows = await all(
      this.dataSource,
      operatorGrantStatements.findHeld(personId, requirements),
    );
    return rows.map((row) => row.requirement);
  }
}
