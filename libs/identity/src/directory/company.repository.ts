import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { CompanyRecord } from './directory-records';
import { Company } from './entities/company.entity';

/** Any constant works; it only has to be the same in every process that seeds. */
const SEED_LOCK_KEY = 72_317_003;

@Injectable()
export class CompanyRepository {
  constructor(@InjectRepository(Company) private readonly companies: Repository<Company>) {}

  /** Creates the company unless one has its name in any case; concurrent callers converge. */
  async insertIfAbsent(manager: EntityManager, name: string): Promise<void> {
    await manager.query(
      `INSERT INTO identity.companies (name) VALUES ($1) ON CONFLICT ((lower(name))) DO NOTHING`,
      [name],
    );
  }

  findByName(manager: EntityManager, name: string): Promise<CompanyRecord | null> {
    return manager
      .getRepository(Company)
      .createQueryBuilder('company')
      .select(['company.id', 'company.name'])
      .where('lower(company.name) = lower(:name)', { name })
      .getOne();
  }

  findById(id: string): Promise<CompanyRecord | null> {
    return this.companies.findOne({ select: { id: true, name: true }, where: { id } });
  }

  async findIdsByLegacyIds(legacyIds: readonly string[]): Promise<string[]> {
    const rows: { id: string }[] = await this.companies.query(
      `SELECT id FROM identity.companies WHERE legacy_id = ANY($1::bigint[])`,
      [legacyIds],
    );
    return rows.map((row) => row.id);
  }

  existsAny(manager: EntityManager): Promise<boolean> {
    return manager.getRepository(Company).exists();
  }

  /** Serialises seeding until the caller's transaction ends. */
  async lockForSeeding(manager: EntityManager): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
  }
}
