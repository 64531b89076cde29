import { Injectable } from '@nestjs/common';
import { all, first, run } from '@cw/db';
import { sql } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import { identityDb } from '../identity-schema';
import type { TeamRecord } from './directory-records';

export const teamStatements = {
  /** Through the unique index on (company_id, lower(name)): a taken name inserts nothing. */
  insertIfAbsent: (companyId: string, name: string) =>
    identityDb
      .insertInto('identity.teams')
      .values({ company_id: companyId, name })
      .onConflict((conflict) => conflict.expression(sql`company_id, (lower(name))`).doNothing()),

  findByName: (companyId: string, name: string) =>
    identityDb
      .selectFrom('identity.teams')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)]))),

  findByIds: (ids: readonly string[]) =>
    identityDb
      .selectFrom('identity.teams')
      .select(['id', 'name'])
      .where(sql<boolean>`id = ANY(${ids}::uuid[])`)
      .orderBy('name'),
};

@Injectable()
export class TeamRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Creates the team unless the company has one of that name in any case. */
  insertIfAbsent(manager: EntityManager, companyId: string, name: string): Promise<void> {
    return run(manager, teamStatements.insertIfAbsent(companyId, name));
  }

  findByName(manager: EntityManager, companyId: string, name: string): Promise<TeamRecord | null> {
    return first(manager, teamStatements.findByName(companyId, name));
  }

  /** The teams with these ids, by name. */
  findByIds(ids: readonly string[]): Promise<TeamRecord[]> {
    return all(this.dataSource, teamStatements.findByIds(ids));
  }
}
