import { randomUUID } from 'node:crypto';
import { DirectoryService } from '@cw/identity';
import { call, signInTestPerson, type TestApp } from '@cw/testing';
import { DataSource } from 'typeorm';
import { FeedbackInboxModule } from '../src/inbox/feedback-inbox.module';
import type { SeedReport } from '../src/testing/inbox-seed.repository';
import {
  type InboxOperator,
  type InboxReport,
  inboxIds,
  listInbox,
  seedRepository,
  signInOperator,
} from './inbox-fixtures';
import { startFeedbackTestApp } from './feedback-test-app';

jest.setTimeout(60_000);

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (minutes: number): Date => new Date(T0 + minutes * 60_000);

describe('the feedback inbox list, ids and triage (one process, real PostgreSQL)', () => {
  let server: TestApp;
  let operator: InboxOperator;
  let alpha: { id: string; legacy: string };
  let beta: { id: string; legacy: string };
  const gamma = { id: randomUUID(), name: 'Gamma Co' };
  /** r1..r6 by name. */
  const ids: Record<string, string> = {};
  let reports: (SeedReport & { id: string; name: string })[] = [];

  const list = (query: string) => listInbox(server.baseUrl, operator, query);
  const names = (found: InboxReport[] | { id: string }[]): string[] =>
    found.map((report) => Object.keys(ids).find((name) => ids[name] === report.id) ?? report.id);
  const listed = async (query: string): Promise<string[]> => {
    const answer = await list(query);
    expect(answer.status).toBe(200);
    return names(answer.body.reports);
  };
  const sorted = (names: string[]): string[] => [...names].sort();

  beforeAll(async () => {
    server = await startFeedbackTestApp({ modules: [FeedbackInboxModule] });
    operator = await signInOperator(server.baseUrl);
    const alice = await signInTestPerson(server.baseUrl, { company: 'Alpha Co' });
    const bob = await signInTestPerson(server.baseUrl, { company: 'Beta Co' });
    const directory = server.app.get(DirectoryService);
    const legacyOf = async (companyId: string): Promise<string> => {
      for (let legacy = 1; legacy <= 20; legacy += 1) {
        const [id] = await directory.companyIdsByLegacyIds([String(legacy)]);
        if (id === companyId) return String(legacy);
      }
      throw new Error(`no legacy id for ${companyId}`);
    };
    alpha = { id: alice.companyId, legacy: await legacyOf(alice.companyId) };
    beta = { id: bob.companyId, legacy: await legacyOf(bob.companyId) };

    const person = (name: string, email: string, id: string) => ({
      submitterId: id,
      submitterEmail: email,
      submitterName: name,
    });
    const a = person('alice a', alice.email, alice.personId);
    const b = person('bob b', bob.email, bob.personId);
    const c = person('carol c', 'carol@gamma.example', randomUUID());
    const inAlpha = { companyId: alpha.id, companyName: 'Alpha Co' };
    const inBeta = { companyId: beta.id, companyName: 'Beta Co' };
    const inGamma = { companyId: gamma.id, companyName: gamma.name };
    const rows: (SeedReport & { name: string })[] = [
      {
        name: 'r1',
        ...inAlpha,
        ...a,
        category: 'bug',
        status: 'new',
        message: 'export button crashes',
        pagePath: '/wiki/pages/1',
        createdAt: at(1),
        pullRequestUrl: null,
      },
      {
        name: 'r2',
        ...inAlpha,
        ...a,
        category: 'idea',
        status: 'approved',
        message: 'dark mode please 100%',
        pagePath: '/wiki/settings',
        createdAt: at(2),
        pullRequestUrl: null,
      },
      {
        name: 'r3',
        ...inBeta,
        ...b,
        category: 'bug',
        status: 'pr_open',
        message: 'search is slow_ish',
        pagePath: '/wiki/search',
        createdAt: at(3),
        pullRequestUrl: 'https://github.example/acme/app/pull/7',
      },
      {
        name: 'r4',
        ...inBeta,
        ...b,
        category: 'question',
        status: 'closed',
        message: 'how do i export?',
        pagePath: null,
        createdAt: at(4),
        pullRequestUrl: null,
      },
      {
        name: 'r5',
        ...inGamma,
        ...c,
        category: 'other',
        status: 'rejected',
        message: 'typo on landing',
        pagePath: '/home',
        createdAt: at(5),
        pullRequestUrl: null,
      },
      {
        name: 'r6',
        ...inAlpha,
        ...b,
        category: 'bug',
        status: 'new',
        message: 'export fails on large pages',
        pagePath: '/wiki/pages/2',
        createdAt: at(1),
        pullRequestUrl: null,
      },
    ];
    const seeds = seedRepository(server.app.get(DataSource));
    reports = [];
    for (const row of rows) {
      const { name, ...report } = row;
      ids[name] = await seeds.insertReport(report);
      reports.push({ ...row, id: ids[name] });
    }
  });
  afterAll(() => server.close());

  it('lists every report newest first by default, with the view, the total and no more pages', async () => {
    const answer = await list('');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total: 6, offset: 0, limit: 100, has_more: false });
    const tied = [ids.r1, ids.r6]
      .sort()
      .reverse()
      .map((id) => names([{ id }])[0]);
    expect(names(answer.body.reports)).toEqual(['r5', 'r4', 'r3', 'r2', ...tied]);
    const r3 = answer.body.reports.find((report) => report.id === ids.r3)!;
    expect(r3).toMatchObject({
      status: 'pr_open',
      category: 'bug',
      message: 'search is slow_ish',
      page_path: '/wiki/search',
      company: { id: beta.id, name: 'Beta Co' },
      user: { name: 'bob b' },
      has_pr: true,
      created_at: at(3).toISOString(),
      attachments: [],
    });
  });

  it('filters by status and category lists, validated against their enums', async () => {
    expect(sorted(await listed('?status=new'))).toEqual(['r1', 'r6']);
    expect(sorted(await listed('?status=new,approved'))).toEqual(['r1', 'r2', 'r6']);
    expect(sorted(await listed('?category=bug&status=new,pr_open'))).toEqual(['r1', 'r3', 'r6']);
    expect(sorted(await listed('?category=question,other'))).toEqual(['r4', 'r5']);
    for (const [query, field] of [
      ['?status=new,bogus', 'status'],
      ['?category=bug,', 'category'],
      ['?sort=size', 'sort'],
      ['?direction=up', 'direction'],
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?offset=-1', 'offset'],
      ['?has_pr=maybe', 'has_pr'],
      ['?created_after=yesterday', 'created_after'],
      ['?search=' + 'x'.repeat(201), 'search'],
      ['?page=' + 'x'.repeat(501), 'page'],
      ['?company_id=0', 'company_id'],
      ['?company_id=acme', 'company_id'],
      ['?company_ids=1,zzz', 'company_ids'],
      ['?colour=red', 'colour'],
    ]) {
      const answer = await list(query);
      expect([query, answer.status, answer.body]).toMatchObject([
        query,
        400,
        { error: { code: 'VALIDATION_ERROR', details: { field } } },
      ]);
    }
  });

  it('filters by company: UUID or legacy id, unknown ones empty, company_ids as a list, all_companies', async () => {
    expect(sorted(await listed(`?company_id=${alpha.id}`))).toEqual(['r1', 'r2', 'r6']);
    expect(sorted(await listed(`?company_id=${beta.legacy}`))).toEqual(['r3', 'r4']);
    expect(await listed('?company_id=987654')).toEqual([]);
    expect(await listed(`?company_id=${randomUUID()}`)).toEqual([]);
    expect((await listed(`?company_id=${alpha.id}&all_companies=true`)).length).toBe(6);
    expect(sorted(await listed(`?company_ids=${alpha.legacy},${gamma.id}`))).toEqual([
      'r1',
      'r2',
      'r5',
      'r6',
    ]);
    expect(sorted(await listed(`?company_ids=${beta.id}&company_ids=${gamma.id}`))).toEqual([
      'r3',
      'r4',
      'r5',
    ]);
    expect(await listed(`?company_id=${alpha.id}&company_ids=${beta.id}`)).toEqual([]);
    expect(sorted(await listed(`?all_companies=true&company_ids=${beta.id}`))).toEqual([
      'r3',
      'r4',
    ]);
  });

  it('searches message, submitter, company, page path and report id; LIKE wildcards match literally', async () => {
    expect(sorted(await listed('?search=EXPORT'))).toEqual(['r1', 'r4', 'r6']);
    expect(sorted(await listed('?search=carol@gamma'))).toEqual(['r5']);
    expect(sorted(await listed('?search=bob%20b'))).toEqual(['r3', 'r4', 'r6']);
    expect(sorted(await listed('?search=beta%20co'))).toEqual(['r3', 'r4']);
    expect(sorted(await listed('?search=/home'))).toEqual(['r5']);
    expect(await listed(`?search=${ids.r2.slice(0, 13)}`)).toEqual(['r2']);
    expect(await listed('?search=%25')).toEqual(['r2']);
    expect(await listed('?search=_')).toEqual(['r3']);
    expect(await listed('?search=%5C')).toEqual([]);
  });

  it('filters by page prefix, creation window and linked pull request', async () => {
    expect(sorted(await listed('?page=/wiki/pages/'))).toEqual(['r1', 'r6']);
    expect(sorted(await listed('?page=/wiki/se'))).toEqual(['r2', 'r3']);
    expect(await listed('?page=%25')).toEqual([]);
    const window = `?created_after=${at(2).toISOString()}&created_before=${at(4).toISOString()}`;
    expect(sorted(await listed(window))).toEqual(['r2', 'r3']);
    expect(await listed('?has_pr=true')).toEqual(['r3']);
    expect((await listed('?has_pr=false')).length).toBe(5);
    expect(sorted(await listed('?has_pr=0&category=bug&search=export'))).toEqual(['r1', 'r6']);
  });

  it('keeps the search index without a pending list, so no search scans unmerged entries', async () => {
    const [index] = await server.app
      .get(DataSource)
      .query<{ reloptions: string[] | null }[]>(
        `SELECT reloptions FROM pg_class WHERE oid = 'feedback.reports_search_trgm_idx'::regclass`,
      );
    expect(index.reloptions).toContain('fastupdate=off');
  });

  it('sorts and pages the matches of a search as the whole inbox does, with their total', async () => {
    for (const sort of ['created', 'message', 'user'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const order = `sort=${sort}&direction=${direction}`;
        const matches = await listed(`?search=export&${order}`);
        const inInboxOrder = (await listed(`?${order}`)).filter((name) => matches.includes(name));
        expect([order, matches]).toEqual([order, inInboxOrder]);
      }
    }
    const order = 'sort=message&direction=desc';
    const first = await list(`?search=export&${order}&limit=2`);
    const rest = await list(`?search=export&${order}&limit=2&offset=2`);
    expect(first.body).toMatchObject({ total: 3, has_more: true });
    expect(rest.body).toMatchObject({ total: 3, has_more: false });
    expect([...names(first.body.reports), ...names(rest.body.reports)]).toEqual(
      await listed(`?search=export&${order}`),
    );
    expect((await list('?search=export&offset=3')).body).toMatchObject({ reports: [], total: 3 });
    expect((await list('?search=export&category=bug&limit=1')).body).toMatchObject({
      total: 2,
      has_more: true,
    });
  });

  it('sorts by every key both ways, the id breaking ties in the same direction', async () => {
    const keyOf: Record<string, (report: SeedReport & { id: string }) => string | number | null> = {
      created: (report) => report.createdAt.getTime(),
      status: (report) => report.status,
      user: (report) => report.submitterName,
      company: (report) => report.companyName,
      category: (report) => report.category,
      message: (report) => report.message,
      page: (report) => report.pagePath,
      id: (report) => report.id,
    };
    for (const [sort, key] of Object.entries(keyOf)) {
      for (const direction of ['asc', 'desc'] as const) {
        const sign = direction === 'asc' ? 1 : -1;
        const compare = (x: string | number | null, y: string | number | null): number => {
          // PostgreSQL puts nulls last ascending, first descending.
          if (x === y) return 0;
          if (x === null) return sign;
          if (y === null) return -sign;
          return (x < y ? -1 : 1) * sign;
        };
        const expected = [...reports]
          .sort((x, y) => compare(key(x), key(y)) || compare(x.id, y.id))
          .map((report) => report.name);
        expect([sort, direction, await listed(`?sort=${sort}&direction=${direction}`)]).toEqual([
          sort,
          direction,
          expected,
        ]);
      }
    }
  });

  it('pages through ties without losing or repeating a report, and ids give the whole set in order', async () => {
    const whole = await listed('?sort=category&direction=asc');
    const walked: string[] = [];
    for (let offset = 0; offset < 6; offset += 4) {
      const answer = await list(`?sort=category&direction=asc&limit=4&offset=${offset}`);
      expect(answer.body).toMatchObject({ total: 6, offset, limit: 4, has_more: offset === 0 });
      walked.push(...names(answer.body.reports));
    }
    expect(walked).toEqual(whole);
    expect((await list('?offset=6')).body).toMatchObject({
      reports: [],
      total: 6,
      has_more: false,
    });

    const all = await inboxIds(server.baseUrl, operator, '?sort=category&direction=asc');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(6);
    expect(names(all.body.reports)).toEqual(whole);
    expect(all.body.reports.find((row) => row.id === ids.r3)?.status).toBe('pr_open');
    const some = await inboxIds(server.baseUrl, operator, '?status=new&search=export');
    expect(some.body).toEqual({
      reports: [ids.r1, ids.r6]
        .sort()
        .reverse()
        .map((id) => ({ id, status: 'new' })),
      total: 2,
    });
    const paged = await inboxIds(server.baseUrl, operator, '?limit=2');
    expect(paged.status).toBe(400);
    expect(paged.body).toMatchObject({ error: { details: { field: 'limit' } } });
  });

  it('triages: sets the status, repeats harmlessly, refuses in_progress, 404 for an unknown report', async () => {
    const triage = (id: string, body: unknown) =>
      call<InboxReport & { error?: { code: string } }>(
        server.baseUrl,
        'POST',
        `/api/feedback/${id}/triage`,
        { token: operator.token, body },
      );
    const moved = await triage(ids.r1, { status: 'approved' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      id: ids.r1,
      status: 'approved',
      message: 'export button crashes',
    });
    expect((await triage(ids.r1, { status: 'approved' })).body.status).toBe('approved');
    const reserved = await triage(ids.r1, { status: 'in_progress' });
    expect(reserved.status).toBe(409);
    expect(reserved.body.error?.code).toBe('TRIAGE_STATUS_RESERVED');
    expect((await triage(randomUUID(), { status: 'closed' })).status).toBe(404);
    expect((await triage('r1', { status: 'closed' })).status).toBe(400);
    expect((await triage(ids.r1, { status: 'done' })).body).toMatchObject({
      error: { code: 'VALIDATION_ERROR', details: { field: 'status' } },
    });
    expect((await triage(ids.r1, {})).status).toBe(400);
    expect((await list('?status=approved')).body.total).toBe(2);
    await triage(ids.r1, { status: 'new' });
  });

  it('releases a held intake lease when an operator moves the report, also under concurrent triages', async () => {
    const seeds = seedRepository(server.app.get(DataSource));
    const lease = {
      sessionId: 'session-1',
      tokenHash: Buffer.alloc(32, 7),
      expiresAt: new Date(Date.now() + 600_000),
    };
    await seeds.holdLease(ids.r2, lease);
    const triage = (status: string) =>
      call<InboxReport>(server.baseUrl, 'POST', `/api/feedback/${ids.r2}/triage`, {
        token: operator.token,
        body: { status },
      });
    expect((await triage('in_progress')).body.status).toBe('in_progress');
    expect(await seeds.stateOf(ids.r2)).toEqual({
      status: 'in_progress',
      leaseSessionId: 'session-1',
    });

    const statuses = [
      'approved',
      'closed',
      'handed_back',
      'rejected',
      'approved',
      'new',
      'closed',
      'pr_open',
    ];
    const answers = await Promise.all(statuses.map(triage));
    expect(answers.map((answer) => answer.status)).toEqual(statuses.map(() => 200));
    const after = await seeds.stateOf(ids.r2);
    expect(statuses).toContain(after?.status);
    expect(after?.leaseSessionId).toBeNull();

    await seeds.holdLease(ids.r2, lease);
    const raced = await Promise.all([
      triage('approved'),
      triage('in_progress'),
      triage('approved'),
    ]);
    // in_progress is refused (409) unless it reaches the lock while the report is still there.
    for (const answer of raced) expect([200, 409]).toContain(answer.status);
    expect(await seeds.stateOf(ids.r2)).toEqual({ status: 'approved', leaseSessionId: null });
  });
});
