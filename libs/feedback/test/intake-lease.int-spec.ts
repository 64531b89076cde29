import { createHash } from 'node:crypto';
import { call, validateOpenApi } from '@cw/testing';
import { LeaseSweeper } from '../src/intake/lease/lease-sweeper.service';
import {
  claim,
  type ClaimBody,
  type IntakeHarness,
  internalCall,
  type ReportBody,
  seedApprovedReports,
  startIntakeTestApp,
} from './intake-fixtures';

jest.setTimeout(90_000);

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const hexOf = (bytea: unknown): string => String(bytea).replace(/^\\x/, '');

describe('the intake sequence (one process, real PostgreSQL)', () => {
  let harness: IntakeHarness;
  let baseUrl: string;

  beforeAll(async () => {
    harness = await startIntakeTestApp();
    baseUrl = harness.server.baseUrl;
  });
  afterAll(() => harness.server.close());
  beforeEach(() => harness.seed.emptyQueue());

  const path = (feedbackId: string, step: string): string =>
    `/api/feedback/intake/${feedbackId}/${step}`;

  async function claimed(sessionId: string, leaseSeconds?: number): Promise<Required<ClaimBody>> {
    const answer = await claim(baseUrl, sessionId, leaseSeconds);
    expect(answer.status).toBe(200);
    expect(answer.body.feedback).not.toBeNull();
    return answer.body as Required<ClaimBody>;
  }

  it('claims the oldest approved report, then reads evidence, plans, starts and ends with a pull request', async () => {
    const [oldest, newer] = await seedApprovedReports(harness.seed, 2);
    const screenshot = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const attachmentId = await harness.seed.addEvidence(
      oldest,
      0,
      { filename: 'screen shot (1).png', contentType: 'image/png', bytes: screenshot },
      harness.store,
    );

    const lease = await claimed('agent-a');
    const feedback = lease.feedback as ReportBody;
    expect(feedback.id).toBe(oldest);
    expect(feedback.status).toBe('in_progress');
    expect(feedback.attachments).toEqual([
      expect.objectContaining({
        feedback_attachment_id: attachmentId,
        url: `/api/feedback/intake/${oldest}/attachments/${attachmentId}`,
      }),
    ]);
    expect(lease.lease_token).toMatch(/^cwl_[A-Za-z0-9_-]{43}$/);
    const leaseMs = Date.parse(lease.lease_expires_at) - Date.now();
    expect(leaseMs).toBeGreaterThan(800_000);
    expect(leaseMs).toBeLessThanOrEqual(900_000);
    const stored = await harness.seed.rowOf(oldest);
    expect(stored).toMatchObject({ status: 'in_progress', lease_session_id: 'agent-a' });
    expect(hexOf(stored.lease_token_hash)).toBe(sha256(lease.lease_token));
    expect(JSON.stringify(stored)).not.toContain(lease.lease_token);
    expect((await harness.seed.rowOf(newer)).status).toBe('approved');

    const file = await fetch(`${baseUrl}${feedback.attachments[0].url}`, {
      headers: {
        'x-internal-token': 'internal-token-for-feedback-tests',
        'x-feedback-lease-token': lease.lease_token,
      },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(screenshot);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toBe(
      "attachment; filename*=UTF-8''screen%20shot%20%281%29.png",
    );
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('private, no-store');

    const plan = await internalCall(baseUrl, 'POST', path(oldest, 'plan'), {
      leaseToken: lease.lease_token,
      body: { plan: 'Wire the export button to the CSV writer.' },
    });
    expect(plan.status).toBe(200);
    expect(plan.body).toEqual({
      feedback_id: oldest,
      plan_updated_at: expect.any(String),
      lease_expires_at: lease.lease_expires_at,
    });

    const started = await internalCall(baseUrl, 'POST', path(oldest, 'started'), {
      leaseToken: lease.lease_token,
    });
    expect(started.status).toBe(200);
    const again = await internalCall(baseUrl, 'POST', path(oldest, 'started'), {
      leaseToken: lease.lease_token,
    });
    expect(again.body).toEqual(started.body);

    const result = {
      outcome: 'pull_request',
      pull_request_url: 'https://github.com/acme/app/pull/42',
      note: 'Fixed in the CSV writer.',
    };
    const ended = await internalCall(baseUrl, 'POST', path(oldest, 'result'), {
      leaseToken: lease.lease_token,
      body: result,
    });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({
      feedback_id: oldest,
      outcome: 'pull_request',
      status: 'pr_open',
      pull_request_url: 'https://github.com/acme/app/pull/42',
      note: 'Fixed in the CSV writer.',
    });
    expect(await harness.seed.rowOf(oldest)).toMatchObject({
      status: 'pr_open',
      has_pr: true,
      plan: 'Wire the export button to the CSV writer.',
      result_outcome: 'pull_request',
      lease_session_id: null,
      lease_token_hash: null,
      lease_expires_at: null,
    });

    // The same result again (its answer lost) answers the same; anything else is refused.
    const retried = await internalCall(baseUrl, 'POST', path(oldest, 'result'), {
      leaseToken: lease.lease_token,
      body: result,
    });
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(ended.body);
    const before = await harness.seed.rowOf(oldest);
    for (const [step, body] of [
      ['result', { outcome: 'handed_back' }],
      ['plan', { plan: 'late' }],
      ['started', undefined],
    ] as const) {
      const refused = await internalCall(baseUrl, 'POST', path(oldest, step), {
        leaseToken: lease.lease_token,
        body,
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ error: { code: 'LEASE_NOT_HELD' } });
    }
    expect(await harness.seed.rowOf(oldest)).toEqual(before);

    expect((await claimed('agent-b')).feedback?.id).toBe(newer);
    expect((await claim(baseUrl, 'agent-c')).body).toEqual({ feedback: null, queue: 'empty' });
  });

  it('closes or hands back without a pull request, keeping a linked one', async () => {
    const [first, second] = await seedApprovedReports(harness.seed, 2);
    const one = await claimed('agent-a');
    const two = await claimed('agent-b');
    const closed = await internalCall(baseUrl, 'POST', path(first, 'result'), {
      leaseToken: one.lease_token,
      body: { outcome: 'closed', note: 'Works as designed.' },
    });
    expect(closed.body).toMatchObject({ status: 'closed', pull_request_url: null });
    const handedBack = await internalCall(baseUrl, 'POST', path(second, 'result'), {
      leaseToken: two.lease_token,
      body: { outcome: 'handed_back' },
    });
    expect(handedBack.body).toMatchObject({ status: 'handed_back', note: null });
    expect((await harness.seed.rowOf(second)).status).toBe('handed_back');
  });

  it('takes concurrent plans and starts of one lease: every answer 200, one start time, one whole plan', async () => {
    const [reportId] = await seedApprovedReports(harness.seed, 1);
    const lease = await claimed('agent-a');
    const plans = ['plan A', 'plan B', 'plan C'];
    const answers = await Promise.all([
      ...plans.map((plan) =>
        internalCall(baseUrl, 'POST', path(reportId, 'plan'), {
          leaseToken: lease.lease_token,
          body: { plan },
        }),
      ),
      ...plans.map(() =>
        internalCall<{ started_at: string }>(baseUrl, 'POST', path(reportId, 'started'), {
          leaseToken: lease.lease_token,
        }),
      ),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    const startedAt = new Set(answers.slice(3).map((answer) => answer.body.started_at));
    expect(startedAt.size).toBe(1);
    const row = await harness.seed.rowOf(reportId);
    expect(plans).toContain(row.plan);
    expect(row.status).toBe('in_progress');
  });

  it('fences a holder whose lease expired and was claimed by another session: 409 and nothing changed', async () => {
    const [reportId] = await seedApprovedReports(harness.seed, 1);
    const attachmentId = await harness.seed.addEvidence(
      reportId,
      0,
      { filename: 'log.txt', contentType: 'text/plain', bytes: Buffer.from('trace') },
      harness.store,
    );
    const stale = await claimed('agent-slow', 60);
    expect(Date.parse(stale.lease_expires_at) - Date.now()).toBeLessThanOrEqual(60_000);
    await harness.seed.expireLease(reportId);

    const fresh = await claimed('agent-fresh');
    expect(fresh.feedback?.id).toBe(reportId);
    expect(fresh.lease_token).not.toBe(stale.lease_token);
    const before = await harness.seed.rowOf(reportId);
    expect(before).toMatchObject({ status: 'in_progress', lease_session_id: 'agent-fresh' });

    const attempts = [
      internalCall(baseUrl, 'POST', path(reportId, 'plan'), {
        leaseToken: stale.lease_token,
        body: { plan: 'stale plan' },
      }),
      internalCall(baseUrl, 'POST', path(reportId, 'started'), { leaseToken: stale.lease_token }),
      internalCall(baseUrl, 'POST', path(reportId, 'result'), {
        leaseToken: stale.lease_token,
        body: { outcome: 'closed' },
      }),
      internalCall(baseUrl, 'GET', path(reportId, `attachments/${attachmentId}`), {
        leaseToken: stale.lease_token,
      }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ success: false, error: { code: 'LEASE_NOT_HELD' } });
    }
    expect(await harness.seed.rowOf(reportId)).toEqual(before);

    const plan = await internalCall(baseUrl, 'POST', path(reportId, 'plan'), {
      leaseToken: fresh.lease_token,
      body: { plan: 'fresh plan' },
    });
    expect(plan.status).toBe(200);
  });

  it('extends a held lease, never shortens it, and fences an expired one', async () => {
    const [reportId] = await seedApprovedReports(harness.seed, 1);
    const lease = await claimed('agent-long', 60);
    const renew = (leaseSeconds: unknown, leaseToken = lease.lease_token) =>
      internalCall<{ lease_expires_at: string }>(baseUrl, 'POST', path(reportId, 'lease'), {
        leaseToken,
        body: { lease_seconds: leaseSeconds },
      });
    const answers = await Promise.all([renew(3600), renew(1800), renew(3600)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const longest = Math.max(...answers.map((answer) => Date.parse(answer.body.lease_expires_at)));
    expect(longest - Date.now()).toBeGreaterThan(3_500_000);
    const shorter = await renew(60);
    expect(Date.parse(shorter.body.lease_expires_at)).toBe(longest);
    expect(Date.parse((await harness.seed.rowOf(reportId)).lease_expires_at as string)).toBe(
      longest,
    );

    for (const bad of [59, 3601, '900', null]) {
      const refused = await renew(bad);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: { code: 'VALIDATION_ERROR', details: { field: 'lease_seconds' } },
      });
    }
    expect((await renew(600, 'cwl_wrong')).status).toBe(409);
    await harness.seed.expireLease(reportId);
    const expired = await renew(600);
    expect(expired.status).toBe(409);
    expect(expired.body).toMatchObject({ error: { code: 'LEASE_NOT_HELD' } });
  });

  it('refuses lease routes with no, a wrong or an expired lease token, and an unknown report', async () => {
    const [reportId] = await seedApprovedReports(harness.seed, 1);
    const lease = await claimed('agent-a', 60);
    for (const leaseToken of [undefined, '', 'cwl_wrong']) {
      const answer = await internalCall(baseUrl, 'POST', path(reportId, 'started'), { leaseToken });
      expect(answer.status).toBe(409);
    }
    const unknown = await internalCall(
      baseUrl,
      'POST',
      path('00000000-0000-4000-8000-000000000000', 'started'),
      { leaseToken: lease.lease_token },
    );
    expect(unknown.status).toBe(409);
    await harness.seed.expireLease(reportId);
    const expired = await internalCall(baseUrl, 'POST', path(reportId, 'started'), {
      leaseToken: lease.lease_token,
    });
    expect(expired.status).toBe(409);
    expect((await harness.seed.rowOf(reportId)).started_at).toBeNull();
  });

  it('returns expired leases to approved on the sweep, leaving live ones alone', async () => {
    const [expiring, live] = await seedApprovedReports(harness.seed, 2);
    await claimed('agent-gone', 60);
    await claimed('agent-live', 60);
    await harness.seed.expireLease(expiring);

    expect(await harness.server.app.get(LeaseSweeper).sweep()).toBe(1);
    expect(await harness.seed.rowOf(expiring)).toMatchObject({
      status: 'approved',
      lease_session_id: null,
      lease_token_hash: null,
      lease_expires_at: null,
    });
    expect(await harness.seed.rowOf(live)).toMatchObject({
      status: 'in_progress',
      lease_session_id: 'agent-live',
    });
  });

  it('gives 20 concurrent claimers distinct reports, and the rest an empty queue', async () => {
    const ids = await seedApprovedReports(harness.seed, 12);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => claim(baseUrl, `agent-${index}`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const got = answers.flatMap((answer) =>
      answer.body.feedback ? [answer.body.feedback.id] : [],
    );
    expect(got).toHaveLength(12);
    expect(new Set(got)).toEqual(new Set(ids));
    expect(answers.filter((answer) => answer.body.queue === 'empty')).toHaveLength(8);
    const sessions = new Set<unknown>();
    for (const id of ids) {
      const row = await harness.seed.rowOf(id);
      expect(row.status).toBe('in_progress');
      sessions.add(row.lease_session_id);
    }
    expect(sessions.size).toBe(12);
  });

  it('answers concurrent copies of one result the same, and concurrent different results once', async () => {
    const [first, second] = await seedApprovedReports(harness.seed, 2);
    const one = await claimed('agent-a');
    const two = await claimed('agent-b');
    const body = { outcome: 'closed', note: 'duplicate of an older report' };
    const copies = await Promise.all(
      Array.from({ length: 5 }, () =>
        internalCall(baseUrl, 'POST', path(first, 'result'), { leaseToken: one.lease_token, body }),
      ),
    );
    expect(copies.map((answer) => answer.status)).toEqual(Array(5).fill(200));
    expect(new Set(copies.map((answer) => JSON.stringify(answer.body))).size).toBe(1);

    const outcomes = ['closed', 'handed_back', 'closed', 'handed_back'];
    const racing = await Promise.all(
      outcomes.map((outcome, index) =>
        internalCall(baseUrl, 'POST', path(second, 'result'), {
          leaseToken: two.lease_token,
          body: { outcome, note: `attempt ${index}` },
        }),
      ),
    );
    const won = racing.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(1);
    expect(racing.filter((answer) => answer.status === 409)).toHaveLength(3);
    expect((await harness.seed.rowOf(second)).status).toBe(
      (won[0].body as { status: string }).status,
    );
  });

  it('refuses bad input with 400 VALIDATION_ERROR naming the field, and changes nothing', async () => {
    const [reportId] = await seedApprovedReports(harness.seed, 1);
    for (const [body, field] of [
      [{}, 'session_id'],
      [{ session_id: '' }, 'session_id'],
      [{ session_id: 'x'.repeat(201) }, 'session_id'],
      [{ session_id: 'a', lease_seconds: 59 }, 'lease_seconds'],
      [{ session_id: 'a', lease_seconds: 3601 }, 'lease_seconds'],
      [{ session_id: 'a', lease_seconds: '900' }, 'lease_seconds'],
      [{ session_id: 'a', lease_seconds: null }, 'lease_seconds'],
      [{ session_id: 'a', extra: true }, 'extra'],
    ] as const) {
      const answer = await internalCall(baseUrl, 'POST', '/api/feedback/intake/claim', { body });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: { code: 'VALIDATION_ERROR', details: { field } },
      });
    }
    expect((await harness.seed.rowOf(reportId)).status).toBe('approved');

    const lease = await claimed('agent-a');
    const before = await harness.seed.rowOf(reportId);
    const refusals: [string, unknown, string][] = [
      ['plan', {}, 'plan'],
      ['plan', { plan: '' }, 'plan'],
      ['plan', { plan: 'x'.repeat(20_001) }, 'plan'],
      ['result', { outcome: 'merged' }, 'outcome'],
      ['result', { outcome: 'pull_request' }, 'pull_request_url'],
      [
        'result',
        { outcome: 'pull_request', pull_request_url: 'http://github.com/a/b/pull/1' },
        'pull_request_url',
      ],
      ['result', { outcome: 'pull_request', pull_request_url: 'not a url' }, 'pull_request_url'],
      [
        'result',
        { outcome: 'closed', pull_request_url: 'https://github.com/a/b/pull/1' },
        'pull_request_url',
      ],
      ['result', { outcome: 'closed', note: 'x'.repeat(5_001) }, 'note'],
    ];
    for (const [step, body, field] of refusals) {
      const answer = await internalCall(baseUrl, 'POST', path(reportId, step), {
        leaseToken: lease.lease_token,
        body,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: { code: 'VALIDATION_ERROR', details: { field } },
      });
    }
    const badId = await internalCall(baseUrl, 'POST', path('not-a-uuid', 'started'), {
      leaseToken: lease.lease_token,
    });
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ error: { details: { field: 'feedback_id' } } });
    expect(await harness.seed.rowOf(reportId)).toEqual(before);
  });

  it('answers 401 AUTH_REQUIRED on every intake route without or with a wrong x-internal-token', async () => {
    const [reportId] = await seedApprovedReports(harness.seed, 1);
    const attachment = `attachments/00000000-0000-4000-8000-000000000001`;
    const routes: [string, string, unknown][] = [
      ['POST', '/api/feedback/intake/claim', { session_id: 'a' }],
      ['GET', path(reportId, attachment), undefined],
      ['POST', path(reportId, 'plan'), { plan: 'p' }],
      ['POST', path(reportId, 'started'), undefined],
      ['POST', path(reportId, 'result'), { outcome: 'closed' }],
    ];
    for (const [method, route, body] of routes) {
      for (const internalToken of [null, 'wrong-token', '']) {
        const answer = await internalCall(baseUrl, method, route, { body, internalToken });
        expect(answer.status).toBe(401);
        expect(answer.body).toMatchObject({ success: false, error: { code: 'AUTH_REQUIRED' } });
        expect(answer.headers.get('x-request-id')).toBe(
          (answer.body as { error: { request_id: string } }).error.request_id,
        );
      }
    }
    expect((await harness.seed.rowOf(reportId)).status).toBe('approved');
  });

  it('describes every intake, proposal and webhook route in /openapi.json: operation id, x-service, headers, typed answers', async () => {
    const { body: document } = await call<{
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>(baseUrl, 'GET', '/openapi.json');
    const operations = [
      ['post', '/api/feedback/intake/claim', 'claimFeedbackIntake'],
      [
        'get',
        '/api/feedback/intake/{feedback_id}/attachments/{feedback_attachment_id}',
        'readFeedbackIntakeAttachment',
      ],
      ['post', '/api/feedback/intake/{feedback_id}/plan', 'recordFeedbackIntakePlan'],
      ['post', '/api/feedback/intake/{feedback_id}/lease', 'renewFeedbackIntakeLease'],
      ['post', '/api/feedback/intake/{feedback_id}/started', 'recordFeedbackIntakeStarted'],
      ['post', '/api/feedback/intake/{feedback_id}/result', 'recordFeedbackIntakeResult'],
      ['get', '/api/feedback/proposals/pending', 'listPendingFeedbackProposals'],
      ['get', '/api/feedback/proposals/search', 'searchFeedbackProposals'],
      [
        'get',
        '/api/feedback/proposals/{feedback_id}/attachments/{feedback_attachment_id}',
        'readFeedbackProposalAttachment',
      ],
      ['post', '/api/feedback/proposals/{feedback_id}', 'storeFeedbackProposal'],
      ['post', '/api/feedback/github/webhook', 'receiveFeedbackGithubWebhook'],
    ] as const;
    for (const [method, route, operationId] of operations) {
      const operation = document.paths[route]?.[method];
      expect(operation).toMatchObject({
        operationId,
        'x-service': { authentication: 'route_specific', required_scopes: null },
      });
      const headers = ((operation.parameters ?? []) as { in: string; name: string }[])
        .filter((parameter) => parameter.in === 'header')
        .map((parameter) => parameter.name.toLowerCase());
      expect(headers).toContain(
        route.includes('/github/') ? 'x-hub-signature-256' : 'x-internal-token',
      );
      if (/\/(plan|lease|started|result)$|intake\/.*attachments/.test(route)) {
        expect(headers).toContain('x-feedback-lease-token');
      }
      const answers = operation.responses as Record<string, unknown>;
      expect(Object.keys(answers)).toEqual(expect.arrayContaining(['400', '401', '500']));
    }
    expect((await validateOpenApi(document)).valid).toBe(true);
  });
});
