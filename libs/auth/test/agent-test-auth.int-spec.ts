import { randomBytes } from 'node:crypto';
import { Controller, Get, Module } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DirectoryService } from '@cw/identity';
import {
  expireAgentTestGrant,
  expireAgentTestSignInLinks,
  liveAgentTestSessionCount,
  liveApiKeyCount,
} from '@cw/identity/testing';
import { CurrentActor, RoutePolicy } from '@cw/platform';
import {
  call,
  type HttpResult,
  sessionCookieOf,
  signInTestPerson,
  type SignedInTestPerson,
  TEST_ACCEPTANCE_SECRET,
  type TestApp,
} from '@cw/testing';
import * as argon2 from 'argon2';
import { DataSource } from 'typeorm';
import { startAuthTestApp } from './auth-test-app';

@Controller('api/test-probe')
class ScopedProbeController {
  @Get('wiki')
  @RoutePolicy({ access: 'person', scopes: ['wiki:read'] })
  wiki(@CurrentActor() actor: Actor): { person_id: string } {
    return { person_id: actor.personId };
  }

  @Get('ops')
  @RoutePolicy({ access: 'person', scopes: ['ops:read'] })
  ops(@CurrentActor() actor: Actor): { person_id: string } {
    return { person_id: actor.personId };
  }
}

@Module({ controllers: [ScopedProbeController] })
class ScopedProbeModule {}

const GRANTS = '/api/agent-test/auth/grants';
const FORM = 'application/x-www-form-urlencoded';
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

interface Testbed {
  company: string;
  operator: SignedInTestPerson;
  member: SignedInTestPerson;
}

interface RequestedGrant {
  grant_id: string;
  authorize_url: string;
  expires_at: string;
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

function expectPageHeaders(result: HttpResult<unknown>): void {
  expect(result.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
  expect(result.headers.get('content-security-policy')).toBe(PAGE_CSP);
  expect(result.headers.get('x-frame-options')).toBe('DENY');
  expect(result.headers.get('cache-control')).toBe('no-store');
}

/** Opens a sign-in link as a browser would, without following its redirect. */
function openLink(url: string): Promise<Response> {
  return fetch(url, { redirect: 'manual' });
}

describe('agent-test sign-in helpers (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    server = await startAuthTestApp({ modules: [ScopedProbeModule] });
    dataSource = server.app.get(DataSource);
  });
  afterAll(() => server.close());

  /** A company whose name needs escaping, a testing operator in it, and a plain member. */
  async function testbed(): Promise<Testbed> {
    const company = `Agent <Test> & "Co" ${randomBytes(4).toString('hex')}`;
    const operator = await signInTestPerson(server.baseUrl, {
      company,
      operator_grants: ['testing.authorize'],
    });
    const member = await signInTestPerson(server.baseUrl, { company });
    return { company, operator, member };
  }

  async function requestGrant(
    bed: Testbed,
    extra: Record<string, unknown> = {},
  ): Promise<RequestedGrant> {
    const result = await call<RequestedGrant>(server.baseUrl, 'POST', GRANTS, {
      body: {
        secret: TEST_ACCEPTANCE_SECRET,
        email: bed.member.email.toUpperCase(),
        company: bed.company.toLowerCase(),
        ...extra,
      },
    });
    expect(result.status).toBe(201);
    return result.body;
  }

  const exchange = (grantId: string, secret = TEST_ACCEPTANCE_SECRET): Promise<HttpResult> =>
    call(server.baseUrl, 'POST', `${GRANTS}/${grantId}/exchange`, { body: { secret } });

  describe('grants', () => {
    it('refuses a wrong secret with 401 on the request and the exchange', async () => {
      const bed = await testbed();
      const wrong = await call(server.baseUrl, 'POST', GRANTS, {
        body: { secret: 'wrong-secret-value', email: bed.member.email, company: bed.company },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ error: { code: 'AUTH_REQUIRED' } });
      const grant = await requestGrant(bed);
      const wrongExchange = await exchange(grant.grant_id, 'wrong-secret-value');
      expect(wrongExchange.status).toBe(401);
    });

    it('answers 404 for a person who is not a member of that company', async () => {
      const bed = await testbed();
      const stranger = await signInTestPerson(server.baseUrl, { company: 'Elsewhere Inc' });
      for (const body of [
        { email: stranger.email, company: bed.company },
        { email: bed.member.email, company: 'No Such Company Anywhere' },
        { email: 'nobody@example.test', company: bed.company },
      ]) {
        const result = await call(server.baseUrl, 'POST', GRANTS, {
          body: { secret: TEST_ACCEPTANCE_SECRET, ...body },
        });
        expect(result.status).toBe(404);
        expect(result.body).toMatchObject({
          error: { code: 'NOT_FOUND', message: expect.stringMatching(/member/) },
        });
      }
    });

    it('refuses scopes that cannot be granted with 400 naming the field', async () => {
      const bed = await testbed();
      for (const scopes of [['root'], [], ['wiki:read', 'wiki:read'], 'wiki:read']) {
        const result = await call(server.baseUrl, 'POST', GRANTS, {
          body: {
            secret: TEST_ACCEPTANCE_SECRET,
            email: bed.member.email,
            company: bed.company,
            scopes,
          },
        });
        expect(result.status).toBe(400);
        expect(result.body).toMatchObject({
          error: { code: 'VALIDATION_ERROR', details: { field: 'scopes' } },
        });
      }
    });

    it('goes from grant to approval page to approval to one key of the granted scopes', async () => {
      const bed = await testbed();
      const grant = await requestGrant(bed, { scopes: ['wiki:read'] });
      expect(grant.authorize_url).toBe(`${server.baseUrl}${GRANTS}/${grant.grant_id}/authorize`);
      expect(Date.parse(grant.expires_at)).toBeGreaterThan(Date.now());

      const early = await exchange(grant.grant_id);
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({ error: { code: 'GRANT_NOT_APPROVED' } });

      const page = await call(server.baseUrl, 'GET', pathOf(grant.authorize_url), {
        cookie: bed.operator.cookie,
      });
      expect(page.status).toBe(200);
      expectPageHeaders(page);
      expect(page.text).toContain(bed.member.email);
      expect(page.text).toContain('Agent &lt;Test&gt; &amp; &quot;Co&quot;');
      expect(page.text).not.toContain('<Test>');
      expect(page.text).toContain('<code>wiki:read</code>');
      expect(page.text).toContain(
        `<form method="post" action="${GRANTS}/${grant.grant_id}/authorize">`,
      );

      const approved = await call<{ grant_id: string; status: string; approved_at: string }>(
        server.baseUrl,
        'POST',
        pathOf(grant.authorize_url),
        { cookie: bed.operator.cookie },
      );
      expect(approved.status).toBe(200);
      expect(approved.body).toEqual({
        grant_id: grant.grant_id,
        status: 'approved',
        approved_at: expect.any(String),
      });
      const again = await call(server.baseUrl, 'POST', pathOf(grant.authorize_url), {
        cookie: bed.operator.cookie,
      });
      expect(again.body).toEqual(approved.body);

      const exchanged = await exchange(grant.grant_id);
      expect(exchanged.status).toBe(200);
      expect(exchanged.headers.get('cache-control')).toBe('no-store');
      const token = (exchanged.body as { token: string }).token;
      expect(token).toMatch(/^cwk_/);

      const wiki = await call(server.baseUrl, 'GET', '/api/test-probe/wiki', { token });
      expect(wiki.status).toBe(200);
      expect(wiki.body).toEqual({ person_id: bed.member.personId });
      const ops = await call(server.baseUrl, 'GET', '/api/test-probe/ops', { token });
      expect(ops.status).toBe(403);
      expect(ops.body).toMatchObject({ error: { details: { error: 'insufficient_scope' } } });

      const twice = await exchange(grant.grant_id);
      expect(twice.status).toBe(409);
      expect(twice.body).toMatchObject({ error: { code: 'GRANT_EXCHANGED' } });
    });

    it('defaults to the six scopes', async () => {
      const bed = await testbed();
      const grant = await requestGrant(bed);
      await call(server.baseUrl, 'POST', pathOf(grant.authorize_url), {
        cookie: bed.operator.cookie,
      });
      const { token } = (await exchange(grant.grant_id)).body as { token: string };
      for (const probe of ['/api/test-probe/wiki', '/api/test-probe/ops']) {
        expect((await call(server.baseUrl, 'GET', probe, { token })).status).toBe(200);
      }
    });

    it('answers parallel approvals with one and the same approval', async () => {
      const bed = await testbed();
      const grant = await requestGrant(bed);
      const approvals = await Promise.all(
        Array.from({ length: 6 }, () =>
          call<{ approved_at: string }>(server.baseUrl, 'POST', pathOf(grant.authorize_url), {
            cookie: bed.operator.cookie,
          }),
        ),
      );
      expect(approvals.map((approval) => approval.status)).toEqual(Array(6).fill(200));
      expect(new Set(approvals.map((approval) => approval.body.approved_at)).size).toBe(1);
    });

    it('answers the HTML form with a confirmation page', async () => {
      const bed = await testbed();
      const grant = await requestGrant(bed);
      const confirmed = await call(server.baseUrl, 'POST', pathOf(grant.authorize_url), {
        cookie: bed.operator.cookie,
        headers: { 'content-type': FORM },
        rawBody: '',
      });
      expect(confirmed.status).toBe(200);
      expectPageHeaders(confirmed);
      expect(confirmed.text).toContain('approved');
      expect(confirmed.text).not.toContain('<form');
      // Whose key, in which company: read in the approving statement itself.
      expect(confirmed.text).toContain(bed.member.email);
      const escaped = bed.company
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;');
      expect(confirmed.text).toContain(escaped);
      expect((await exchange(grant.grant_id)).status).toBe(200);
    });

    it('lets only a session of a testing operator in the same company approve', async () => {
      const bed = await testbed();
      const grant = await requestGrant(bed);
      const path = pathOf(grant.authorize_url);
      for (const method of ['GET', 'POST']) {
        const plain = await call(server.baseUrl, method, path, { cookie: bed.member.cookie });
        expect(plain.status).toBe(403);
        expect(plain.body).toMatchObject({
          error: { code: 'ACCESS_DENIED', details: { error: 'operator_requirement' } },
        });
      }
      const otherOperator = await signInTestPerson(server.baseUrl, {
        company: `Other ${randomBytes(4).toString('hex')}`,
        operator_grants: ['testing.authorize'],
      });
      for (const method of ['GET', 'POST']) {
        const foreign = await call(server.baseUrl, method, path, {
          cookie: otherOperator.cookie,
        });
        expect(foreign.status).toBe(404);
      }
      const operatorKey = (
        await call<{ token: string }>(server.baseUrl, 'POST', '/api/auth/api-keys', {
          cookie: bed.operator.cookie,
          body: { name: 'operator key', scopes: ['wiki:read'] },
        })
      ).body.token;
      const byToken = await call(server.baseUrl, 'POST', path, { token: operatorKey });
      expect(byToken.status).toBe(403);
      expect(byToken.body).toMatchObject({ error: { details: { error: 'session_required' } } });
      expect((await exchange(grant.grant_id)).status).toBe(409);
    });

    it('answers 404 saying so once an unapproved grant expired', async () => {
      const bed = await testbed();
      const grant = await requestGrant(bed);
      await expireAgentTestGrant(dataSource, grant.grant_id);
      const page = await call(server.baseUrl, 'GET', pathOf(grant.authorize_url), {
        cookie: bed.operator.cookie,
      });
      expect(page.status).toBe(404);
      expect(page.body).toMatchObject({ error: { message: expect.stringMatching(/expired/) } });
      const approve = await call(server.baseUrl, 'POST', pathOf(grant.authorize_url), {
        cookie: bed.operator.cookie,
      });
      expect(approve.status).toBe(404);
      const late = await exchange(grant.grant_id);
      expect(late.status).toBe(404);
      expect(late.body).toMatchObject({ error: { message: expect.stringMatching(/expired/) } });
    });

    it('refuses a malformed grant id with 400', async () => {
      const bed = await testbed();
      const result = await call(server.baseUrl, 'GET', `${GRANTS}/not-a-uuid/authorize`, {
        cookie: bed.operator.cookie,
      });
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({
        error: { code: 'VALIDATION_ERROR', details: { field: 'grant_id' } },
      });
    });

    it('keeps the grant exchangeable when the member holds 25 live tokens', async () => {
      const bed = await testbed();
      const keys = await Promise.all(
        Array.from({ length: 25 }, (_, index) =>
          call<{ id: string }>(server.baseUrl, 'POST', '/api/auth/api-keys', {
            cookie: bed.member.cookie,
            body: { name: `full ${index}`, scopes: ['wiki:read'] },
          }),
        ),
      );
      expect(keys.map((key) => key.status)).toEqual(Array(25).fill(201));
      const grant = await requestGrant(bed);
      await call(server.baseUrl, 'POST', pathOf(grant.authorize_url), {
        cookie: bed.operator.cookie,
      });
      const full = await exchange(grant.grant_id);
      expect(full.status).toBe(409);
      expect(full.body).toMatchObject({ error: { code: 'TOKEN_LIMIT_REACHED' } });
      await call(server.baseUrl, 'DELETE', `/api/auth/api-keys/${keys[0].body.id}`, {
        cookie: bed.member.cookie,
      });
      expect((await exchange(grant.grant_id)).status).toBe(200);
    });

    it('mints exactly one key when an approved grant is exchanged in parallel', async () => {
      const bed = await testbed();
      const grant = await requestGrant(bed);
      await call(server.baseUrl, 'POST', pathOf(grant.authorize_url), {
        cookie: bed.operator.cookie,
      });
      const results = await Promise.all(Array.from({ length: 8 }, () => exchange(grant.grant_id)));
      const statuses = results.map((result) => result.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(7);
      for (const result of results.filter((each) => each.status === 409)) {
        expect(result.body).toMatchObject({ error: { code: 'GRANT_EXCHANGED' } });
      }
      expect(await liveApiKeyCount(dataSource, bed.member.personId)).toBe(1);
    });
  });

  describe('sign-in links', () => {
    async function createLink(
      creator: SignedInTestPerson,
      email: string,
    ): Promise<HttpResult<{ url: string; expires_at: string }>> {
      return call(server.baseUrl, 'POST', '/api/agent-test/auth/sign-in-links', {
        cookie: creator.cookie,
        body: { email },
      });
    }

    it('signs the member in once, lands on the status, and is spent afterwards', async () => {
      const bed = await testbed();
      const link = await createLink(bed.operator, bed.member.email.toUpperCase());
      expect(link.status).toBe(201);
      expect(link.headers.get('cache-control')).toBe('no-store');
      expect(link.body.url).toMatch(
        new RegExp(`^${server.baseUrl}/api/agent-test/auth/sign-in-links/cwi_`),
      );

      const opened = await openLink(link.body.url);
      expect(opened.status).toBe(303);
      expect(opened.headers.get('location')).toBe('/api/agent-test/auth/status');
      const cookie = sessionCookieOf({
        status: opened.status,
        headers: opened.headers,
        body: undefined,
        text: '',
      });

      const status = await call(server.baseUrl, 'GET', '/api/agent-test/auth/status', { cookie });
      expect(status.status).toBe(200);
      expect(status.body).toEqual({
        signed_in: true,
        person: { id: bed.member.personId, email: bed.member.email, name: expect.any(String) },
        company: { id: bed.member.companyId, name: bed.company },
        role: 'member',
        session: { kind: 'agent_test', expires_at: expect.any(String) },
      });

      const reused = await openLink(link.body.url);
      expect(reused.status).toBe(404);
      expect(await reused.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    });

    it('signs in at most once when the link is opened in parallel', async () => {
      const bed = await testbed();
      const link = await createLink(bed.operator, bed.member.email);
      const opened = await Promise.all(Array.from({ length: 8 }, () => openLink(link.body.url)));
      const statuses = opened.map((response) => response.status);
      expect(statuses.filter((status) => status === 303)).toHaveLength(1);
      expect(statuses.filter((status) => status === 404)).toHaveLength(7);
      expect(await liveAgentTestSessionCount(dataSource, bed.member.personId)).toBe(1);
    });

    it('refuses an expired or unknown link with 404', async () => {
      const bed = await testbed();
      const link = await createLink(bed.operator, bed.member.email);
      await expireAgentTestSignInLinks(dataSource, bed.member.personId);
      expect((await openLink(link.body.url)).status).toBe(404);
      expect(
        (await openLink(`${server.baseUrl}/api/agent-test/auth/sign-in-links/cwi_nope`)).status,
      ).toBe(404);
    });

    it('makes links only for members of the caller’s company, only for testing operators', async () => {
      const bed = await testbed();
      const stranger = await signInTestPerson(server.baseUrl, { company: 'Elsewhere Inc' });
      expect((await createLink(bed.operator, stranger.email)).status).toBe(404);
      expect((await createLink(bed.operator, 'nobody@example.test')).status).toBe(404);
      const byMember = await createLink(bed.member, bed.operator.email);
      expect(byMember.status).toBe(403);
      const bad = await createLink(bed.operator, 'not an email');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: { details: { field: 'email' } } });
    });

    it('revokes the session: the cookie stops working at once', async () => {
      const bed = await testbed();
      const link = await createLink(bed.operator, bed.member.email);
      const opened = await openLink(link.body.url);
      const cookie = /session_token=([^;]+)/.exec(opened.headers.get('set-cookie') ?? '')![1];
      const revoked = await call(server.baseUrl, 'POST', '/api/agent-test/auth/revoke', { cookie });
      expect(revoked.status).toBe(200);
      expect(revoked.body).toEqual({ revoked: true });
      expect(revoked.headers.get('set-cookie')).toMatch(/session_token=;/);
      const after = await call(server.baseUrl, 'GET', '/api/agent-test/auth/status', { cookie });
      expect(after.status).toBe(401);
    });
  });
});

describe('agent-test sign-in helpers when not enabled', () => {
  /** The gate's own 404: not a missing grant's or link's (which would also be 404). */
  const GATE_CLOSED = { code: 'NOT_FOUND', message: 'Not found.' };
  let server: TestApp;
  beforeAll(async () => {
    server = await startAuthTestApp({ env: { ACCEPTANCE_AUTH_SECRET: '' } });
  });
  afterAll(() => server.close());

  it('answers 404 on the routes that take their own credential', async () => {
    const grantId = '00000000-0000-4000-8000-000000000000';
    for (const [path, body] of [
      [GRANTS, { secret: 'anything-at-all-here', email: 'x@example.test', company: 'Acme' }],
      [`${GRANTS}/${grantId}/exchange`, { secret: 'anything-at-all-here' }],
    ] as const) {
      const result = await call(server.baseUrl, 'POST', path, { body });
      expect(result.status).toBe(404);
      expect(result.body).toMatchObject({ error: GATE_CLOSED });
    }
    const link = await call(server.baseUrl, 'GET', '/api/agent-test/auth/sign-in-links/cwi_x');
    expect(link.status).toBe(404);
    expect(link.body).toMatchObject({ error: GATE_CLOSED });
  });

  it('answers 404 to a signed-in testing operator on the session routes', async () => {
    const directory = server.app.get(DirectoryService);
    const company = await directory.findOrCreateCompany('Disabled Testbed');
    const person = await directory.findOrCreatePerson('operator@disabled.test', 'Operator');
    await directory.setMembership(company.id, person.id, 'admin');
    await directory.grantOperatorRequirement(person.id, 'testing.authorize');
    await directory.setPassword(
      person.id,
      await argon2.hash('correct horse battery', { type: argon2.argon2id }),
    );
    const signedIn = await call(server.baseUrl, 'POST', '/api/auth/sign-in', {
      body: { email: person.email, password: 'correct horse battery' },
    });
    const cookie = sessionCookieOf(signedIn);
    const grantPath = `${GRANTS}/00000000-0000-4000-8000-000000000000/authorize`;
    for (const [method, path, body] of [
      ['GET', grantPath, undefined],
      ['POST', grantPath, undefined],
      ['POST', '/api/agent-test/auth/sign-in-links', { email: person.email }],
      ['GET', '/api/agent-test/auth/status', undefined],
      ['POST', '/api/agent-test/auth/revoke', undefined],
    ] as const) {
      const result = await call(server.baseUrl, method, path, { cookie, body });
      expect({ method, path, status: result.status }).toEqual({ method, path, status: 404 });
      expect(result.body).toMatchObject({ error: GATE_CLOSED });
    }
  });
});
