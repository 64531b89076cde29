import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { OperatorRequirement } from '@cw/domain';
import type { EntityManager, Repository } from 'typeorm';
import { OperatorGrant } from './entities/operator-grant.entity';

@Injectable()
export class OperatorGrantRepository {
  constructor(
    @InjectRepository(OperatorGrant) private readonly grants: Repository<OperatorGrant>,
  ) {}

  /** Grants the requirement; granting it again changes nothing. */
  async insertIfAbsent(
    manager: EntityManager,
    personId: string,
    requirement: OperatorRequirement,
  ): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(OperatorGrant)
      .values({ personId, requirement })
      .orIgnore()
      .execute();
  }

  /** False when the person did not hold the grant. */
  async delete(personId: string, requirement: OperatorRequirement): Promise<boolean> {
    const result = await this.grants.delete({ personId, requirement });
    return (result.affected ?? 0) > 0;
  }

  /** Which of the requirements the person holds; on the request path of operator routes. */
  async findHeld(
    personId: string,
    requirements: readonly OperatorRequirement[],
  ): Promise<OperatorRequirement[]> {
    const rows: { requirement: OperatorRequirement }[] = await this.grants.query(
      `SELECT requirement FROM identity.operator_grants WHERE person_id = $1 AND requirement = ANY($2)`,
      [personId, requirements],
    );
    return rows.map((row) => row.requirement);
  }
}
