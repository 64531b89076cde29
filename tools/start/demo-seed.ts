import { ApiKeyService, DirectoryService } from '@cw/identity';
import { SCOPES } from '@cw/domain';
import { DataSource } from 'typeorm';
import { withAdminContext } from '../admin/admin-context';

export interface DemoSeed {
  companyName: string;
  adminEmail: string;
  apiKey: string;
}

const DEMO_COMPANY = 'Demo Company';
const DEMO_ADMIN = 'admin@demo.localhost';
const SEED_LOCK_KEY = 72_317_003;

/**
 * On an empty database (non-production only), creates the demo company and its admin and mints
 * an API key with the six scopes. Returns null when the database already has a company, so the
 * key is printed once, on the first start. A lock keeps two starts from both seeding.
 */
export async function seedDemoIfEmpty(): Promise<DemoSeed | null> {
  return withAdminContext(async (context) => {
    const dataSource = context.get(DataSource);
    const directory = context.get(DirectoryService);
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [SEED_LOCK_KEY]);
      if (await directory.hasAnyCompany()) return null;
      const company = await directory.findOrCreateCompany(DEMO_COMPANY);
      const admin = await directory.findOrCreatePerson(DEMO_ADMIN, 'Demo Admin');
      await directory.setMembership(company.id, admin.id, 'admin');
      const key = await context
        .get(ApiKeyService)
        .create({ personId: admin.id, companyId: company.id }, 'demo key', [...SCOPES]);
      return { companyName: company.name, adminEmail: admin.email, apiKey: key.token };
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK_KEY]).catch(() => undefined);
      await runner.release();
    }
  });
}
