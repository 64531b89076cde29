import { randomBytes } from 'node:crypto';
import { call, sessionCookieOf } from './http-client';

export const TEST_ACCEPTANCE_SECRET = 'acceptance-secret-for-tests';

export interface SignedInTestPerson {
  cookie: string;
  personId: string;
  companyId: string;
  email: string;
}

/** Signs in a made-to-order person through the acceptance exchange. */
export async function signInTestPerson(
  baseUrl: string,
  overrides: Partial<{
    email: string;
    company: string;
    role: string;
    teams: string[];
    operator_grants: string[];
  }> = {},
): Promise<SignedInTestPerson> {
  const email = overrides.email ?? `person-${randomBytes(4).toString('hex')}@example.test`;
  const result = await call<{ person: { id: string }; company: { id: string } }>(
    baseUrl,
    'POST',
    '/api/acceptance/auth/exchange',
    { body: { secret: TEST_ACCEPTANCE_SECRET, company: 'Acme', ...overrides, email } },
  );
  if (result.status !== 200) throw new Error(`exchange failed: ${result.status} ${result.text}`);
  return {
    cookie: sessionCookieOf(result),
    personId: result.body.person.id,
    companyId: result.body.company.id,
    email,
  };
}

export async function createApiKey(
  baseUrl: string,
  cookie: string,
  scopes: string[],
  name = 'test key',
): Promise<string> {
  const result = await call<{ token: string }>(baseUrl, 'POST', '/api/auth/api-keys', {
    cookie,
    body: { name, scopes },
  });
  if (result.status !== 201)
    throw new Error(`key creation failed: ${result.status} ${result.text}`);
  return result.body.token;
}
