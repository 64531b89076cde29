import { SCOPES } from '@cw/domain';
import { ApiKeyService, DirectoryService } from '@cw/identity';
import { withAdminContext } from '../admin/admin-context';

export interface DemoSeed {
  companyName: string;
  adminEmail: string;
  apiKey: string;
}

const DEMO_COMPANY = 'Demo Company';
const DEMO_ADMIN = 'admin@demo.localhost';

/**
 * On an empty database (non-production only), creates the demo company and its admin and mints
 * an API key with the six scopes. Returns null when the database already has a company, so the
 * key is printed once, on the first start; two starts at once seed once.
 */
export async function seedDemoIfEmpty(): Promise<DemoSeed | null> {
  return withAdminContext((context) => {
    const directory = context.get(DirectoryService);
    return directory.seedIfEmpty(async () => {
      const company = await directory.findOrCreateCompany(DEMO_COMPANY);
      const admin = await directory.findOrCreatePerson(DEMO_ADMIN, 'Demo Admin');
      await directory.setMembership(company.id, admin.id, 'admin');
      const key = await context
        .get(ApiKeyService)
        .create({ personId: admin.id, companyId: company.id }, 'demo key', [...SCOPES]);
      return { companyName: company.name, adminEmail: admin.email, apiKey: key.token };
    });
  });
}
