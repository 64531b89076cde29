import { randomUUID } from 'node:crypto';
import {
  call,
  createApiKey,
  type SignedInTestPerson,
  signInTestPerson,
  type TestApp,
} from '@cw/testing';
import { type Body, createPage, newCompany, startRun, type Summary } from './home-fixtures';
import { startHomeTestApp } from './home-test-app';

describe('GET /api/home/summary (one process, real PostgreSQL)', () => {
  let server: TestApp;
  let company: string;
  let alice: SignedInTestPerson;
  let bob: SignedInTestPerson;
  let outsider: SignedInTestPerson;

  const summaryOf = async (person: SignedInTestPerson, query = ''): Promise<Summary> => {
    const result = await call<Summary>(server.baseUrl, 'GET', `/api/home/summary${query}`, {
      cookie: person.cookie,
    });
    expect(result.status).toBe(200);
    return result.body;
  };
  const titles = (summary: Summary): string[] => summary.recent_pages.map((page) => page.title);

  beforeAll(async () => {
    server = await startHomeTestApp({ env: { RUNS_WORKER: 'off' } });
    company = newCompany();
    alice = await signInTestPerson(server.baseUrl, { company, teams: ['Ops'] });
    bob = await signInTestPerson(server.baseUrl, { company });
    outsider = await signInTestPerson(server.baseUrl, { company: newCompany(), teams: ['Ops'] });
  });
  afterAll(() => server.close());

  it('names the company and lists readable pages, most recently updated first, at most limit', async () => {
    for (const title of ['First', 'Second', 'Third']) {
      await createPage(server.baseUrl, alice, '/Company/Notes', title);
    }
    const summary = await summaryOf(alice, '?limit=2');
    expect(summary.company).toEqual({ id: alice.companyId, name: company });
    expect(titles(summary)).toEqual(['Third', 'Second']);
    expect(summary.recent_pages[0]).toMatchObject({
      path: '/Company/Notes/Third',
      lane: 'company',
      url: `/wiki/pages/${summary.recent_pages[0].public_id}`,
    });
    const everything = await summaryOf(alice, '?limit=25');
    expect(titles(everything).slice(0, 3)).toEqual(['Third', 'Second', 'First']);
    expect((await summaryOf(alice)).recent_pages.length).toBeLessThanOrEqual(5);
  });

  it("never shows another person's private pages, and team pages only to the team's members", async () => {
    await createPage(server.baseUrl, bob, '/Private/Diary', 'Bob private');
    await createPage(server.baseUrl, alice, '/Teams/Ops', 'Ops runbook');
    await createPage(server.baseUrl, outsider, '/Company', 'Elsewhere');
    const forAlice = titles(await summaryOf(alice, '?limit=25'));
    const forBob = titles(await summaryOf(bob, '?limit=25'));
    const forOutsider = titles(await summaryOf(outsider, '?limit=25'));
    expect(forAlice).toContain('Ops runbook');
    expect(forAlice).not.toContain('Bob private');
    expect(forBob).toContain('Bob private');
    expect(forBob).not.toContain('Ops runbook');
    expect(forOutsider).toEqual(['Elsewhere']);
  });

  it('lists readable reports newest first: a private workflow’s runs only to their owner', async () => {
    const shared = await startRun(server.baseUrl, alice, 'company');
    const own = await startRun(server.baseUrl, alice, 'private');
    const forAlice = (await summaryOf(alice)).recent_reports;
    expect(forAlice.map((report) => report.id)).toEqual([own.runId, shared.runId]);
    expect(forAlice[0]).toMatchObject({
      workflow_name: own.workflowName,
      url: `/api/reports/${own.runId}`,
      finished_at: null,
    });
    const forBob = (await summaryOf(bob)).recent_reports.map((report) => report.id);
    expect(forBob).toEqual([shared.runId]);
    expect((await summaryOf(alice, '?limit=1')).recent_reports).toHaveLength(1);
    expect((await summaryOf(outsider)).recent_reports).toEqual([]);
  });

  it('gives a token only what its scopes read: no pages or chips without wiki:read, no reports without workflows:read', async () => {
    const reportsOnly = await createApiKey(server.baseUrl, alice.cookie, ['workflows:read']);
    const wikiOnly = await createApiKey(server.baseUrl, alice.cookie, ['wiki:write']);
    const noReads = await createApiKey(server.baseUrl, alice.cookie, ['ops:read']);
    const asToken = (token: string) =>
      call<Summary>(server.baseUrl, 'GET', '/api/home/summary', { token });
    const reports = await asToken(reportsOnly);
    expect(reports.status).toBe(200);
    expect(reports.body.recent_pages).toEqual([]);
    expect(reports.body.chips).toEqual([]);
    expect(reports.body.recent_reports.length).toBeGreaterThan(0);
    const wiki = await asToken(wikiOnly);
    expect(wiki.body.recent_pages.length).toBeGreaterThan(0);
    expect(wiki.body.recent_reports).toEqual([]);
    const neither = await asToken(noReads);
    expect(neither.status).toBe(200);
    expect(neither.body).toMatchObject({ recent_pages: [], recent_reports: [], chips: [] });
    expect(neither.body.company.id).toBe(alice.companyId);
  });

  it("accepts the credential's own company by UUID in any case; refuses any other with 403", async () => {
    const own = await summaryOf(alice, `?company_id=${alice.companyId.toUpperCase()}`);
    expect(own.company.id).toBe(alice.companyId);
    for (const other of [outsider.companyId, randomUUID(), '999999999']) {
      const result = await call<Body>(
        server.baseUrl,
        'GET',
        `/api/home/summary?company_id=${other}`,
        {
          cookie: alice.cookie,
        },
      );
      expect(result.status).toBe(403);
      expect(result.body.error).toMatchObject({
        code: 'ACCESS_DENIED',
        details: { error: 'other_company' },
      });
      expect(result.body.error.message).toContain('acts in company');
    }
  });

  it('refuses bad limits and company ids with 400 VALIDATION_ERROR naming the field', async () => {
    const cases: [string, string][] = [
      ['?limit=0', 'limit'],
      ['?limit=26', 'limit'],
      ['?limit=two', 'limit'],
      ['?limit=1.5', 'limit'],
      ['?company_id=acme', 'company_id'],
      ['?company_id=0', 'company_id'],
      ['?company_id=-3', 'company_id'],
      ['?company_id=', 'company_id'],
      ['?unknown=1', 'unknown'],
    ];
    for (const [query, field] of cases) {
      const result = await call<Body>(server.baseUrl, 'GET', `/api/home/summary${query}`, {
        cookie: alice.cookie,
      });
      expect({ query, status: result.status, code: result.body.error?.code }).toEqual({
        query,
        status: 400,
        code: 'VALIDATION_ERROR',
      });
      expect(result.body.error.details).toMatchObject({ field });
      expect(result.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('needs a credential', async () => {
    const result = await call<Body>(server.baseUrl, 'GET', '/api/home/summary');
    expect(result.status).toBe(401);
    expect(result.body.error.code).toBe('AUTH_REQUIRED');
  });
});
