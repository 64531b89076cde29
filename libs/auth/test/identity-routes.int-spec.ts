import { DirectoryService } from '@cw/identity';
import { directoryCounts, liveApiKeyCount, storedApiKeyHash } from '@cw/identity/testing';
import {
  call,
  createApiKey,
  sessionCookieOf,
  signInTestPerson,
  TEST_ACCEPTANCE_SECRET,
  type TestApp,
} from '@cw/testing';
import * as argon2 from 'argon2';
import { DataSource } from 'typeorm';
import { startAuthTestApp } from './auth-test-app';

describe('identity (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;
  let directory: DirectoryService;
  let dataSource: DataSource;

  beforeAll(async () => {
    server = await startAuthTestApp();
    directory = server.app.get(DirectoryService);
    dataSource = server.app.get(DataSource);
  });
  afterAll(() => server.close());

  describe('sign-in', () => {
    const email = 'pat@example.test';

    beforeAll(async () => {
      const company = await directory.findOrCreateCompany('Sign-in Co');
      const person = await directory.findOrCreatePerson(email, 'Pat');
      await directory.setMembership(company.id, person.id, 'admin');
      await directory.setPassword(
        person.id,
        await argon2.hash('correct horse battery', { type: argon2.argon2id }),
      );
    });

    it('sets an HttpOnly SameSite=Lax session cookie on the right password', async () => {
      const result = await call(server.baseUrl, 'POST', '/api/auth/sign-in', {
        body: { email: 'PAT@example.test', password: 'correct horse battery' },
      });
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({
        person: { email },
        company: { name: 'Sign-in Co' },
        role: 'admin',
      });
      const setCookie = result.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/session_token=cws_/);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
    });

    it('refuses a wrong password and an unknown email alike with 401', async () => {
      for (const body of [
        { email, password: 'wrong' },
        { email: 'nobody@example.test', password: 'correct horse battery' },
      ]) {
        const result = await call(server.baseUrl, 'POST', '/api/auth/sign-in', { body });
        expect(result.status).toBe(401);
        expect(result.body).toMatchObject({
          error: { code: 'AUTH_REQUIRED', message: 'Wrong email or password.' },
        });
      }
    });

    it('signs out: the cookie stops working at once', async () => {
      const signedIn = await call(server.baseUrl, 'POST', '/api/auth/sign-in', {
        body: { email, password: 'correct horse battery' },
      });
      const cookie = sessionCookieOf(signedIn);
      expect((await call(server.baseUrl, 'GET', '/api/auth/api-keys', { cookie })).status).toBe(
        200,
      );
      expect((await call(server.baseUrl, 'POST', '/api/auth/sign-out', { cookie })).status).toBe(
        200,
      );
      expect((await call(server.baseUrl, 'GET', '/api/auth/api-keys', { cookie })).status).toBe(
        401,
      );
    });
  });

  describe('API keys', () => {
    it('shows the token once, with no-store, and stores only its hash', async () => {
      const person = await signInTestPerson(server.baseUrl);
      const created = await call<{
        id: string;
        token: string;
        token_prefix: string;
        scopes: string[];
      }>(server.baseUrl, 'POST', '/api/auth/api-keys', {
        cookie: person.cookie,
        body: { name: 'ci', scopes: ['wiki:read', 'workflows:run'] },
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('cache-control')).toBe('no-store');
      expect(created.body.token.startsWith(created.body.token_prefix)).toBe(true);
      const listed = await call<{ api_keys: Record<string, unknown>[] }>(
        server.baseUrl,
        'GET',
        '/api/auth/api-keys',
        {
          cookie: person.cookie,
        },
      );
      expect(listed.body.api_keys).toHaveLength(1);
      expect(listed.body.api_keys[0]).not.toHaveProperty('token');
      expect(listed.body.api_keys[0]).toMatchObject({
        id: created.body.id,
        scopes: ['wiki:read', 'workflows:run'],
      });
      const stored = await storedApiKeyHash(dataSource, created.body.id);
      expect(stored!.toString('utf8')).not.toContain(created.body.token);
      expect(stored).toHaveLength(32);
    });

    it('refuses bad input and changes nothing', async () => {
      const person = await signInTestPerson(server.baseUrl);
      for (const body of [
        { name: '', scopes: ['wiki:read'] },
        { name: 'x', scopes: [] },
        { name: 'x', scopes: ['root'] },
        { name: 'x', scopes: ['wiki:read'], owner: 'someone' },
      ]) {
        const result = await call(server.baseUrl, 'POST', '/api/auth/api-keys', {
          cookie: person.cookie,
          body,
        });
        expect(result.status).toBe(400);
        expect(result.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
      }
      const listed = await call<{ api_keys: unknown[] }>(
        server.baseUrl,
        'GET',
        '/api/auth/api-keys',
        { cookie: person.cookie },
      );
      expect(listed.body.api_keys).toEqual([]);
    });

    it('always refuses a bearer token on key management with 403 and an explanation', async () => {
      const person = await signInTestPerson(server.baseUrl);
      const token = await createApiKey(server.baseUrl, person.cookie, [
        'wiki:read',
        'wiki:write',
        'ops:read',
      ]);
      for (const [method, path] of [
        ['GET', '/api/auth/api-keys'],
        ['POST', '/api/auth/api-keys'],
        ['DELETE', '/api/auth/api-keys/00000000-0000-4000-8000-000000000000'],
        ['POST', '/api/auth/sign-out'],
      ] as const) {
        const result = await call(server.baseUrl, method, path, {
          token,
          body: method === 'POST' ? { name: 'k', scopes: ['wiki:read'] } : undefined,
        });
        expect(result.status).toBe(403);
        expect(result.body).toMatchObject({ error: { code: 'ACCESS_DENIED' } });
        expect((result.body as { error: { message: string } }).error.message).toMatch(/session/);
      }
    });

    it("revokes at once, idempotently, and hides other people's keys behind 404", async () => {
      const owner = await signInTestPerson(server.baseUrl);
      const stranger = await signInTestPerson(server.baseUrl);
      const created = await call<{ id: string; token: string }>(
        server.baseUrl,
        'POST',
        '/api/auth/api-keys',
        {
          cookie: owner.cookie,
          body: { name: 'temp', scopes: ['wiki:read'] },
        },
      );
      const path = `/api/auth/api-keys/${created.body.id}`;
      expect((await call(server.baseUrl, 'DELETE', path, { cookie: stranger.cookie })).status).toBe(
        404,
      );
      // Warm the resolver cache, then revoke: the next request must already fail.
      expect(
        (await call(server.baseUrl, 'GET', '/api/auth/api-keys', { token: created.body.token }))
          .status,
      ).toBe(403);
      expect((await call(server.baseUrl, 'DELETE', path, { cookie: owner.cookie })).status).toBe(
        204,
      );
      expect(
        (await call(server.baseUrl, 'GET', '/api/auth/api-keys', { token: created.body.token }))
          .status,
      ).toBe(401);
      expect((await call(server.baseUrl, 'DELETE', path, { cookie: owner.cookie })).status).toBe(
        204,
      );
      expect(
        (
          await call(server.baseUrl, 'DELETE', '/api/auth/api-keys/not-a-uuid', {
            cookie: owner.cookie,
          })
        ).status,
      ).toBe(400);
    });

    it('never lets parallel requests pass the 25 live token limit', async () => {
      const person = await signInTestPerson(server.baseUrl);
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          call(server.baseUrl, 'POST', '/api/auth/api-keys', {
            cookie: person.cookie,
            body: { name: `parallel ${index}`, scopes: ['wiki:read'] },
          }),
        ),
      );
      const statuses = results.map((result) => result.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(25);
      expect(statuses.filter((status) => status === 409)).toHaveLength(15);
      expect(results.find((result) => result.status === 409)?.body).toMatchObject({
        error: { code: 'TOKEN_LIMIT_REACHED' },
      });
      expect(await liveApiKeyCount(dataSource, person.personId)).toBe(25);
    });
  });

  describe('acceptance exchange', () => {
    it('refuses a wrong secret with 401', async () => {
      const result = await call(server.baseUrl, 'POST', '/api/acceptance/auth/exchange', {
        body: { secret: 'wrong-secret-value', email: 'x@example.test', company: 'Acme' },
      });
      expect(result.status).toBe(401);
      expect(result.body).toMatchObject({ error: { code: 'AUTH_REQUIRED' } });
    });

    it('converges parallel exchanges on one company, person, membership and team', async () => {
      const body = {
        secret: TEST_ACCEPTANCE_SECRET,
        email: 'Parallel@Example.test',
        name: 'Par Allel',
        company: 'Parallel Corp',
        role: 'admin',
        teams: ['Research', 'Ops'],
        operator_grants: ['testing.authorize'],
      };
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          call<{ person: { id: string }; company: { id: string }; teams: { id: string }[] }>(
            server.baseUrl,
            'POST',
            '/api/acceptance/auth/exchange',
            { body: { ...body, company: index % 2 ? 'PARALLEL CORP' : 'parallel corp' } },
          ),
        ),
      );
      expect(results.map((result) => result.status)).toEqual(Array(12).fill(200));
      expect(new Set(results.map((result) => result.body.person.id)).size).toBe(1);
      expect(new Set(results.map((result) => result.body.company.id)).size).toBe(1);
      expect(
        new Set(results.flatMap((result) => result.body.teams.map((team) => team.id))).size,
      ).toBe(2);
      expect(await directoryCounts(dataSource, 'parallel corp', results[0].body.person.id)).toEqual(
        { companies: 1, memberships: 1, teams: 2, grants: 1 },
      );
    });

    it('revokes its session with the cookie only', async () => {
      const person = await signInTestPerson(server.baseUrl);
      expect(
        (
          await call(server.baseUrl, 'POST', '/api/acceptance/auth/revoke', {
            cookie: person.cookie,
          })
        ).status,
      ).toBe(200);
      expect(
        (await call(server.baseUrl, 'GET', '/api/auth/api-keys', { cookie: person.cookie })).status,
      ).toBe(401);
    });
  });
});

describe('acceptance exchange when not enabled', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startAuthTestApp({ env: { ACCEPTANCE_AUTH_SECRET: '' } });
  });
  afterAll(() => server.close());

  it('answers 404', async () => {
    const result = await call(server.baseUrl, 'POST', '/api/acceptance/auth/exchange', {
      body: { secret: 'anything-at-all-here', email: 'x@example.test', company: 'Acme' },
    });
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
