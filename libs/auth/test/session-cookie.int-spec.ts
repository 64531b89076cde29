import { DirectoryService } from '@cw/identity';
import {
  call,
  type HttpResult,
  sessionCookieOf,
  TEST_ACCEPTANCE_SECRET,
  type TestApp,
} from '@cw/testing';
import * as argon2 from 'argon2';
import { startAuthTestApp } from './auth-test-app';

/** Every answer that sets or clears the session cookie: sign-in, sign-out, the acceptance exchange and revoke. */
describe('the session cookie: never cached, Secure over https', () => {
  let server: TestApp;
  const email = 'cookie@example.test';
  const password = 'correct horse battery';

  beforeAll(async () => {
    server = await startAuthTestApp();
    const directory = server.app.get(DirectoryService);
    const company = await directory.findOrCreateCompany('Cookie Co');
    const person = await directory.findOrCreatePerson(email, 'Cookie');
    await directory.setMembership(company.id, person.id, 'member');
    await directory.setPassword(person.id, await argon2.hash(password, { type: argon2.argon2id }));
  });
  afterAll(() => server.close());

  /** The gateway (or a trusted proxy before it) says how the client reached it. */
  const over = (protocol: 'http' | 'https') => ({ 'x-forwarded-proto': protocol });

  function expectCookieAnswer(result: HttpResult<unknown>, secure: boolean): void {
    expect(result.status).toBe(200);
    expect(result.headers.get('cache-control')).toBe('no-store');
    const setCookie = result.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^session_token=/);
    expect({ setCookie, secure: /;\s*Secure/i.test(setCookie) }).toEqual({ setCookie, secure });
  }

  for (const protocol of ['http', 'https'] as const) {
    const secure = protocol === 'https';

    it(`sign-in and sign-out over ${protocol}`, async () => {
      const signedIn = await call(server.baseUrl, 'POST', '/api/auth/sign-in', {
        body: { email, password },
        headers: over(protocol),
      });
      expectCookieAnswer(signedIn, secure);
      const signedOut = await call(server.baseUrl, 'POST', '/api/auth/sign-out', {
        cookie: sessionCookieOf(signedIn),
        headers: over(protocol),
      });
      expectCookieAnswer(signedOut, secure);
    });

    it(`the acceptance exchange and its revoke over ${protocol}`, async () => {
      const exchanged = await call(server.baseUrl, 'POST', '/api/acceptance/auth/exchange', {
        body: {
          secret: TEST_ACCEPTANCE_SECRET,
          company: 'Cookie Co',
          email: `x-${protocol}@example.test`,
        },
        headers: over(protocol),
      });
      expectCookieAnswer(exchanged, secure);
      const revoked = await call(server.baseUrl, 'POST', '/api/acceptance/auth/revoke', {
        cookie: sessionCookieOf(exchanged),
        headers: over(protocol),
      });
      expectCookieAnswer(revoked, secure);
    });
  }
});
