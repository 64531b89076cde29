import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, type Repository } from 'typeorm';
import type { TeamRecord } from './directory-records';
import { Team } from './entities/team.entity';

@Injectable()
export class TeamRepository {
  constructor(@InjectRepository(Team) private readonly teams: Repository<Team>) {}

  /** Creates the team unless the company has one of that name in any case. */
  async insertIfAbsent(manager: EntityManager, companyId: string, name: string): Promise<void> {
    await manager.query(
      `INSERT INTO identity.teams (company_id, name) VALUES ($1, $2)
       ON CONFLICT (company_id, (lower(name))) DO NOTHING`,
      [companyId, name],
    );
  }

  findByName(manager: EntityManager, companyId: string, name: string): Promise<TeamRecord | null> {
    return manager
      .getRepository(Team)
      .createQueryBuilder('team')
      .select(['team.id', 'team.name'])
      .where('team.companyId = :companyId AND lower(team.name) = lower(:name)', {
        companyId,
        name,
      })
      .getOne();
  }

  /** The teams with these ids, by name. */
  findByIds(ids: readonly string[]): Promise<TeamRecord[]> {
    return this.teams.find({
      select: { id: true, name: true },
      where: { id: In(ids) },
      order: { name: 'ASC' },
    });
  }
}
