import {
  claim,
  type IntakeHarness,
  internalCall,
  type ReportBody,
  startIntakeTestApp,
} from './intake-fixtures';

jest.setTimeout(90_000);

interface PendingBody {
  reports: ReportBody[];
  next_after: string | null;
}

interface SearchBody {
  reports: ReportBody[];
  total: number;
  offset: number;
  limit: number;
}

const PENDING = '/api/feedback/proposals/pending';
const SEARCH = '/api/feedback/proposals/search';

describe('proposals (one process, real PostgreSQL)', () => {
  let harness: IntakeHarness;
  let baseUrl: string;
  /** Reports of every status, oldest first, none with a proposal yet. */
  let reports: string[];

  const store = (feedbackId: string, proposal: unknown) =>
    internalCall(baseUrl, 'POST', `/api/feedback/proposals/${feedbackId}`, { body: { proposal } });

  const pendingIds = async (): Promise<string[]> => {
    const ids: string[] = [];
    let after: string | null = null;
    do {
      const query: string = after ? `?limit=50&after=${after}` : '?limit=50';
      const page = await internalCall<PendingBody>(baseUrl, 'GET', `${PENDING}${query}`);
      ids.push(...page.body.reports.map((report) => report.id));
      after = page.body.next_after;
    } while (after);
    return ids;
  };

  beforeAll(async () => {
    harness = await startIntakeTestApp();
    baseUrl = harness.server.baseUrl;
    const statuses = [
      'new',
      'approved',
      'in_progress',
      'pr_open',
      'closed',
      'handed_back',
      'rejected',
    ] as const;
    reports = [];
    for (const [index, status] of statuses.entries()) {
      reports.push(
        await harness.seed.insertReport({
          status,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)),
          message: `Report ${index}: the ${status} one`,
        }),
      );
    }
  });
  afterAll(() => harness.server.close());

  it('pages pending reports oldest first with next_after, every status, with proposal evidence urls', async () => {
    const attachmentId = await harness.seed.addEvidence(
      reports[0],
      0,
      { filename: 'trace.txt', contentType: 'text/plain', bytes: Buffer.from('stack trace') },
      harness.store,
    );
    const first = await internalCall<PendingBody>(baseUrl, 'GET', `${PENDING}?limit=3`);
    expect(first.status).toBe(200);
    expect(first.body.reports.map((report) => report.id)).toEqual(reports.slice(0, 3));
    expect(first.body.next_after).toBe(reports[2]);
    expect(first.body.reports[0].attachments[0].url).toBe(
      `/api/feedback/proposals/${reports[0]}/attachments/${attachmentId}`,
    );
    const second = await internalCall<PendingBody>(
      baseUrl,
      'GET',
      `${PENDING}?limit=3&after=${first.body.next_after}`,
    );
    expect(second.body.reports.map((report) => report.id)).toEqual(reports.slice(3, 6));
    const last = await internalCall<PendingBody>(
      baseUrl,
      'GET',
      `${PENDING}?limit=3&after=${second.body.next_after}`,
    );
    expect(last.body).toEqual({
      reports: [expect.objectContaining({ id: reports[6] })],
      next_after: null,
    });
    const defaults = await internalCall<PendingBody>(baseUrl, 'GET', PENDING);
    expect(defaults.body.reports).toHaveLength(7);
    expect(defaults.body.next_after).toBeNull();
  });

  it('drops a report out once it has a proposal; its id still works as a cursor', async () => {
    const extra = await harness.seed.insertReport({ createdAt: new Date(Date.UTC(2026, 0, 2)) });
    expect(await pendingIds()).toEqual([...reports, extra]);
    expect((await store(reports[1], { summary: 'Export is wired wrong.' })).status).toBe(200);
    expect(await pendingIds()).toEqual([reports[0], ...reports.slice(2), extra]);
    const afterStored = await internalCall<PendingBody>(
      baseUrl,
      'GET',
      `${PENDING}?limit=2&after=${reports[1]}`,
    );
    expect(afterStored.body.reports.map((report) => report.id)).toEqual(reports.slice(2, 4));
    expect((await store(extra, { summary: 'x' })).status).toBe(200);
  });

  it('refuses an unknown after with 400 BAD_REQUEST, and bad limits with 400 VALIDATION_ERROR', async () => {
    const unknown = await internalCall(
      baseUrl,
      'GET',
      `${PENDING}?after=00000000-0000-4000-8000-000000000000`,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      error: { code: 'BAD_REQUEST', details: { field: 'after' } },
    });
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['limit=2.5', 'limit'],
      ['after=nope', 'after'],
    ]) {
      const answer = await internalCall(baseUrl, 'GET', `${PENDING}?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: { code: 'VALIDATION_ERROR', details: { field } },
      });
    }
  });

  it('searches every status newest first, wildcards taken literally, with total, offset and limit', async () => {
    const percent = await harness.seed.insertReport({
      status: 'closed',
      message: 'Discount shows 50% off twice',
      createdAt: new Date(Date.UTC(2026, 1, 1)),
    });
    const plain = await harness.seed.insertReport({
      status: 'new',
      message: 'Discount shows 500 off',
      createdAt: new Date(Date.UTC(2026, 1, 2)),
    });
    const underscore = await harness.seed.insertReport({
      message: 'The page_path is wrong',
      companyName: 'Discount Dept',
      createdAt: new Date(Date.UTC(2026, 1, 3)),
    });

    const all = await internalCall<SearchBody>(baseUrl, 'GET', `${SEARCH}?q=DISCOUNT`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, offset: 0, limit: 20 });
    expect(all.body.reports.map((report) => report.id)).toEqual([underscore, plain, percent]);
    expect(all.body.reports[0].attachments).toEqual([]);

    const literal = await internalCall<SearchBody>(
      baseUrl,
      'GET',
      `${SEARCH}?q=${encodeURIComponent('50%')}`,
    );
    expect(literal.body.reports.map((report) => report.id)).toEqual([percent]);
    const underscored = await internalCall<SearchBody>(baseUrl, 'GET', `${SEARCH}?q=e_p`);
    expect(underscored.body.reports.map((report) => report.id)).toEqual([underscore]);

    const window = await internalCall<SearchBody>(
      baseUrl,
      'GET',
      `${SEARCH}?q=discount&limit=1&offset=1`,
    );
    expect(window.body).toMatchObject({ total: 3, offset: 1, limit: 1 });
    expect(window.body.reports.map((report) => report.id)).toEqual([plain]);
    const byId = await internalCall<SearchBody>(
      baseUrl,
      'GET',
      `${SEARCH}?q=${percent.slice(0, 13)}`,
    );
    expect(byId.body.reports.map((report) => report.id)).toContain(percent);

    for (const [query, field] of [
      ['', 'q'],
      ['q=', 'q'],
      [`q=${'x'.repeat(201)}`, 'q'],
      ['q=a&limit=101', 'limit'],
      ['q=a&offset=-1', 'offset'],
    ]) {
      const answer = await internalCall(baseUrl, 'GET', `${SEARCH}?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: { code: 'VALIDATION_ERROR', details: { field } },
      });
    }
  });

  it('streams any report’s evidence as a private download; unknown files are 404', async () => {
    const bytes = Buffer.from('<script>alert(1)</script>');
    const attachmentId = await harness.seed.addEvidence(
      reports[4],
      0,
      { filename: 'page.html', contentType: 'text/html', bytes },
      harness.store,
    );
    const url = `/api/feedback/proposals/${reports[4]}/attachments/${attachmentId}`;
    const file = await internalCall(baseUrl, 'GET', url);
    expect(file.status).toBe(200);
    expect(file.text).toBe(bytes.toString());
    expect(file.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''page.html");
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('private, no-store');

    const otherReport = `/api/feedback/proposals/${reports[3]}/attachments/${attachmentId}`;
    expect((await internalCall(baseUrl, 'GET', otherReport)).status).toBe(404);
    const badId = await internalCall(
      baseUrl,
      'GET',
      `/api/feedback/proposals/${reports[4]}/attachments/x`,
    );
    expect(badId.status).toBe(400);
    expect((await internalCall(baseUrl, 'GET', url, { internalToken: null })).status).toBe(401);
  });

  it('stores a proposal replacing the earlier one and changes nothing else, even on a leased report', async () => {
    await harness.seed.emptyQueue();
    const target = await harness.seed.insertReport({ status: 'approved', createdAt: new Date(0) });
    const lease = await claim(baseUrl, 'agent-a');
    expect(lease.body.feedback?.id).toBe(target);
    const before = await harness.seed.rowOf(target);

    const first = await store(target, {
      summary: 'First idea',
      plan: 'Do A',
      duplicate_of: reports[0],
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      feedback_id: target,
      proposal: {
        summary: 'First idea',
        plan: 'Do A',
        duplicate_of: reports[0],
        updated_at: expect.any(String),
      },
    });
    const second = await store(target, { summary: 'Second idea' });
    expect(second.body).toMatchObject({
      proposal: { summary: 'Second idea', plan: null, duplicate_of: null },
    });

    const after = await harness.seed.rowOf(target);
    const { proposal, proposal_updated_at: proposalUpdatedAt, ...rest } = after;
    expect(proposal).toEqual({ summary: 'Second idea', plan: null, duplicate_of: null });
    expect(proposalUpdatedAt).not.toBeNull();
    const { proposal: _p, proposal_updated_at: _u, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    expect(rest).toMatchObject({ status: 'in_progress', lease_session_id: 'agent-a' });
  });

  it('keeps one of four concurrent proposals whole', async () => {
    const target = reports[5];
    const answers = await Promise.all(
      ['alpha', 'beta', 'gamma', 'delta'].map((summary) =>
        store(target, { summary, plan: `plan ${summary}` }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const { proposal } = await harness.seed.rowOf(target);
    const summary = (proposal as { summary: string }).summary;
    expect(proposal).toEqual({ summary, plan: `plan ${summary}`, duplicate_of: null });
  });

  it('refuses a bad proposal with 400 and an unknown report with 404, changing nothing', async () => {
    const target = reports[6];
    const before = await harness.seed.rowOf(target);
    const refusals: [unknown, string, string][] = [
      [
        { proposal: { summary: 'x', duplicate_of: target } },
        'BAD_REQUEST',
        'proposal.duplicate_of',
      ],
      [
        { proposal: { summary: 'x', duplicate_of: '00000000-0000-4000-8000-000000000000' } },
        'BAD_REQUEST',
        'proposal.duplicate_of',
      ],
      [
        { proposal: { summary: 'x', duplicate_of: 'nope' } },
        'VALIDATION_ERROR',
        'proposal.duplicate_of',
      ],
      [{ proposal: { summary: '' } }, 'VALIDATION_ERROR', 'proposal.summary'],
      [{ proposal: { summary: 'x'.repeat(5_001) } }, 'VALIDATION_ERROR', 'proposal.summary'],
      [
        { proposal: { summary: 'x', plan: 'x'.repeat(20_001) } },
        'VALIDATION_ERROR',
        'proposal.plan',
      ],
      [{ proposal: { summary: 'x', extra: 1 } }, 'VALIDATION_ERROR', 'proposal.extra'],
      [{ proposal: 'text' }, 'VALIDATION_ERROR', 'proposal'],
      [{}, 'VALIDATION_ERROR', 'proposal'],
    ];
    for (const [body, code, field] of refusals) {
      const answer = await internalCall(baseUrl, 'POST', `/api/feedback/proposals/${target}`, {
        body,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: { code, details: { field } } });
    }
    expect(await harness.seed.rowOf(target)).toEqual(before);
    const unknown = await store('00000000-0000-4000-8000-000000000000', { summary: 'x' });
    expect(unknown.status).toBe(404);
  });

  it('answers 401 on every proposal route without or with a wrong x-internal-token', async () => {
    const routes: [string, string, unknown][] = [
      ['GET', PENDING, undefined],
      ['GET', `${SEARCH}?q=a`, undefined],
      ['GET', `/api/feedback/proposals/${reports[0]}/attachments/${reports[1]}`, undefined],
      ['POST', `/api/feedback/proposals/${reports[0]}`, { proposal: { summary: 'x' } }],
    ];
    const before = await harness.seed.rowOf(reports[0]);
    for (const [method, route, body] of routes) {
      for (const internalToken of [null, 'wrong-token']) {
        const answer = await internalCall(baseUrl, method, route, { body, internalToken });
        expect(answer.status).toBe(401);
        expect(answer.body).toMatchObject({ error: { code: 'AUTH_REQUIRED' } });
      }
    }
    expect(await harness.seed.rowOf(reports[0])).toEqual(before);
  });
});
