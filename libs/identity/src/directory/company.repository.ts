import { Injectable } from '@nestjs/common';
import { all, first, run } from '@cw/db';
import { sql } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import { identityDb } from '../identity-schema';
import type { CompanyRecord } from './directory-records';

/** Any constant works; it only has to be the same in every process that seeds. */
const SEED_LOCK_KEY = 72_317_003;

export const companyStatements = {
  /** Through the unique index on lower(name): a name taken in any case inserts nothing. */
  insertIfAbsent: (name: string) =>
    identityDb
      .insertInto('identity.companies')
      .values({ name })
      .onConflict((conflict) => conflict.expression(sql`lower(name)`).doNothing()),

  findByName: (name: string) =>
    identityDb
      .selectFrom('identity.companies')
      .select(['id', 'name'])
      .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)]))),

  findById: (id: string) =>
    identityDb.selectFrom('identity.companies').select(['id', 'name']).where('id', '=', id),

  findIdsByLegacyIds: (legacyIds: readonly string[]) =>
    identityDb
      .selectFrom('identity.companies')
      .select('id')
      .where(sql<boolean>`legacy_id = ANY(${legacyIds}::bigint[])`),

  anyCompany: () =>
    identityDb.selectFrom('identity.companies').select(sql.lit(1).as('one')).limit(1),

  lockForSeeding: () => sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`,
};

@Injectable()
export class CompanyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Creates the company unless one has its name in any case; concurrent callers converge. */
  insertIfAbsent(manager: EntityManager, name: string): Promise<void> {
    return run(manager, companyStatements.insertIfAbsent(name));
  }

  findByName(manager: EntityManager, name: string): Promise<CompanyRecord | null> {
    return first(manager, companyStatements.findByName(name));
  }

  findById(id: string): Promise<CompanyRecord | null> {
    return first(this.dataSource, companyStatements.findById(id));
  }

  async findIdsByLegacyIds(legacyIds: readonly string[]): Promise<string[]> {
    const rows = await all(this.dataSource, companyStatements.findIdsByLegacyIds(legacyIds));
    return rows.map((row) => row.id);
  }

  async existsAny(manager: EntityManager): Promise<boolean> {
    return (await first(manager, companyStatements.anyCompany())) !== null;
  }

  /** Serialises seeding until the caller's transaction ends. */
  lockForSeeding(manager: EntityManager): Promise<void> {
    return run(manager, companyStatements.lockForSeeding());
  }
}
