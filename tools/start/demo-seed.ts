import { withAdminContext } from '../admin/admin-context';
import { ensureDemoAdmin, mintDemoKey } from '../admin/demo-admin';
import { DirectoryService } from '@cw/identity';

export interface DemoSeed {
  companyName: string;
  adminEmail: string;
  apiKey: string;
}

/**
 * On an empty database (non-production only), creates the demo company and its admin and mints
 * an API key with the six scopes. Returns null when the database already has a company, so the
 * key is printed once, on the first start; two starts at once seed once. Later,
 * `npm run admin -- demo:credentials` gives the admin a new key and a password.
 */
export async function seedDemoIfEmpty(): Promise<DemoSeed | null> {
  return withAdminContext((context) =>
    context.get(DirectoryService).seedIfEmpty(async () => {
      const demo = await ensureDemoAdmin(context);
      const apiKey = await mintDemoKey(context, demo);
      return { companyName: demo.company.name, adminEmail: demo.admin.email, apiKey };
    }),
  );
}
