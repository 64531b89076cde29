import { randomBytes } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { SCOPES } from '@cw/domain';
import { ApiKeyService, DirectoryService } from '@cw/identity';
import { hashPassword } from './passwords';

export const DEMO_COMPANY = 'Demo Company';
export const DEMO_ADMIN = 'admin@demo.localhost';

/** The command that gives the demo admin new credentials, as a person types it. */
export const DEMO_CREDENTIALS_COMMAND = 'npm run admin -- demo:credentials';

/**
 * The line `npm start` prints when the demo key was never shown to this user (the first start
 * seeded the demo company, then failed, or its output was lost).
 */
export function demoCredentialsHint(): string {
  return `No demo API key is shown on later starts: run \`${DEMO_CREDENTIALS_COMMAND}\` for a new key and password of ${DEMO_ADMIN}.`;
}

export interface DemoAdmin {
  company: { id: string; name: string };
  admin: { id: string; email: string };
}

/** The demo company and its admin, created when missing (idempotent). */
export async function ensureDemoAdmin(context: INestApplicationContext): Promise<DemoAdmin> {
  const directory = context.get(DirectoryService);
  const company = await directory.findOrCreateCompany(DEMO_COMPANY);
  const admin = await directory.findOrCreatePerson(DEMO_ADMIN, 'Demo Admin');
  await directory.setMembership(company.id, admin.id, 'admin');
  return { company, admin };
}

const DEMO_KEY_NAME = 'demo key';

/** A new API key with the six scopes for the demo admin. */
export async function mintDemoKey(
  context: INestApplicationContext,
  demo: DemoAdmin,
): Promise<string> {
  const key = await context
    .get(ApiKeyService)
    .create({ personId: demo.admin.id, companyId: demo.company.id }, DEMO_KEY_NAME, [...SCOPES]);
  return key.token;
}

/** Ends the demo admin's earlier demo keys, so asking again and again never reaches the key cap. */
async function revokeDemoKeys(context: INestApplicationContext, demo: DemoAdmin): Promise<void> {
  const keys = context.get(ApiKeyService);
  const live = await keys.listLive({ personId: demo.admin.id, companyId: demo.company.id });
  for (const key of live.filter((each) => each.name === DEMO_KEY_NAME)) {
    await keys.revokeById(key.id);
  }
}

export interface DemoCredentials {
  company: string;
  email: string;
  api_key: string;
  password: string;
}

/**
 * New credentials for the demo admin at any time, each printed once: a new key that replaces the
 * earlier demo keys (keys the admin made under other names stay), and a new random password
 * (for the browser consent page).
 */
export async function issueDemoCredentials(
  context: INestApplicationContext,
): Promise<DemoCredentials> {
  const demo = await ensureDemoAdmin(context);
  const password = randomBytes(18).toString('base64url');
  await context.get(DirectoryService).setPassword(demo.admin.id, await hashPassword(password));
  await revokeDemoKeys(context, demo);
  return {
    company: demo.company.name,
    email: demo.admin.email,
    api_key: await mintDemoKey(context, demo),
    password,
  };
}
