import { TEST_INTERNAL_TOKEN } from './feedback-test-app';
import { deliver, pullRequestPayload, signatureOf } from './github-fixtures';
import { claim, type IntakeHarness, internalCall, startIntakeTestApp } from './intake-fixtures';

jest.setTimeout(90_000);

describe('the GitHub webhook (one process, real PostgreSQL)', () => {
  let harness: IntakeHarness;
  let baseUrl: string;

  beforeAll(async () => {
    harness = await startIntakeTestApp();
    baseUrl = harness.server.baseUrl;
  });
  afterAll(() => harness.server.close());

  const pullRequest = (feedbackId: string, action: string, extra: { merged?: boolean } = {}) =>
    JSON.stringify(pullRequestPayload({ action, headRef: `feedback/${feedbackId}`, ...extra }));

  it('links an opened pull request on branch feedback/<id>: pr_open, has_pr; a redelivery changes nothing', async () => {
    const reportId = await harness.seed.insertReport({ status: 'approved' });
    const body = pullRequest(reportId, 'opened');
    const first = await deliver(baseUrl, { event: 'pull_request', body });
    expect(first.status).toBe(202);
    expect(first.body).toEqual({
      outcome: 'applied',
      feedback_id: reportId,
      status: 'pr_open',
      reason: 'pull_request opened',
    });
    const linked = await harness.seed.rowOf(reportId);
    expect(linked).toMatchObject({
      status: 'pr_open',
      has_pr: true,
      pull_request_url: 'https://github.com/octocat/Hello-World/pull/42',
    });

    const redelivered = await Promise.all([
      deliver(baseUrl, { event: 'pull_request', body }),
      deliver(baseUrl, { event: 'pull_request', body }),
    ]);
    for (const answer of redelivered) {
      expect(answer.status).toBe(202);
      expect(answer.body).toMatchObject({ outcome: 'unchanged', status: 'pr_open' });
    }
    expect(await harness.seed.rowOf(reportId)).toEqual(linked);
  });

  it('links by "Feedback: <id>" in the body, closes on merge, and a late open event does not reopen it', async () => {
    const reportId = await harness.seed.insertReport({ status: 'new' });
    const byBody = JSON.stringify(
      pullRequestPayload({
        action: 'opened',
        number: 7,
        headRef: 'fix/export',
        body: `Wires the export button.\r\n\r\nFeedback: ${reportId}`,
      }),
    );
    expect((await deliver(baseUrl, { event: 'pull_request', body: byBody })).body).toMatchObject({
      outcome: 'applied',
      status: 'pr_open',
    });
    const merged = JSON.stringify(
      pullRequestPayload({
        action: 'closed',
        number: 7,
        headRef: 'fix/export',
        body: `Feedback: ${reportId}`,
        merged: true,
      }),
    );
    const closing = await deliver(baseUrl, { event: 'pull_request', body: merged });
    expect(closing.body).toMatchObject({ outcome: 'applied', status: 'closed' });
    expect(await harness.seed.rowOf(reportId)).toMatchObject({
      status: 'closed',
      pull_request_url: 'https://github.com/octocat/Hello-World/pull/7',
    });
    const late = await deliver(baseUrl, { event: 'pull_request', body: byBody });
    expect(late.body).toMatchObject({ outcome: 'unchanged', status: 'closed' });
  });

  it('hands a report back when its pull request closes unmerged, and reopens it on reopened', async () => {
    const reportId = await harness.seed.insertReport({ status: 'approved' });
    await deliver(baseUrl, { event: 'pull_request', body: pullRequest(reportId, 'opened') });
    const closed = await deliver(baseUrl, {
      event: 'pull_request',
      body: pullRequest(reportId, 'closed', { merged: false }),
    });
    expect(closed.body).toMatchObject({ outcome: 'applied', status: 'handed_back' });
    expect(await harness.seed.rowOf(reportId)).toMatchObject({
      status: 'handed_back',
      has_pr: true,
    });
    const reopened = await deliver(baseUrl, {
      event: 'pull_request',
      body: pullRequest(reportId, 'reopened'),
    });
    expect(reopened.body).toMatchObject({ outcome: 'applied', status: 'pr_open' });
  });

  it('links a pull request of a leased report without touching the lease; the holder’s result ends it', async () => {
    await harness.seed.emptyQueue();
    const reportId = await harness.seed.insertReport({ status: 'approved' });
    const lease = await claim(baseUrl, 'agent-a');
    expect(lease.body.feedback?.id).toBe(reportId);
    const opened = await deliver(baseUrl, {
      event: 'pull_request',
      body: pullRequest(reportId, 'opened'),
    });
    expect(opened.body).toMatchObject({ outcome: 'applied', status: 'in_progress' });
    expect(await harness.seed.rowOf(reportId)).toMatchObject({
      status: 'in_progress',
      lease_session_id: 'agent-a',
      has_pr: true,
    });
    const result = await internalCall(baseUrl, 'POST', `/api/feedback/intake/${reportId}/result`, {
      leaseToken: lease.body.lease_token,
      body: {
        outcome: 'pull_request',
        pull_request_url: 'https://github.com/octocat/Hello-World/pull/42',
      },
    });
    expect(result.body).toMatchObject({ status: 'pr_open' });
  });

  it('accepts ping, other events, other actions and unknown reports with 202, changing nothing', async () => {
    const reportId = await harness.seed.insertReport({ status: 'approved' });
    const before = await harness.seed.rowOf(reportId);
    const ping = JSON.stringify({ zen: 'Keep it logically awesome.', hook_id: 1 });
    const cases: [string, string, string][] = [
      ['ping', ping, 'ping received: the webhook is set up'],
      ['push', pullRequest(reportId, 'opened'), 'event push is not acted on'],
      [
        'pull_request',
        pullRequest(reportId, 'labeled'),
        'pull_request action labeled is not acted on',
      ],
      [
        'pull_request',
        pullRequest('00000000-0000-4000-8000-000000000000', 'opened'),
        'no report has the id the pull request names',
      ],
      [
        'pull_request',
        JSON.stringify(pullRequestPayload({ action: 'opened', headRef: 'main' })),
        'the pull request names no report (branch feedback/<id> or "Feedback: <id>")',
      ],
      [
        'pull_request',
        '{"action":"opened"}',
        'the payload has no pull request with an https html_url',
      ],
    ];
    for (const [event, body, reason] of cases) {
      const answer = await deliver(baseUrl, { event, body });
      expect(answer.status).toBe(202);
      expect(answer.body).toMatchObject({ outcome: 'ignored', status: null, reason });
    }
    expect(await harness.seed.rowOf(reportId)).toEqual(before);
  });

  it('checks the signature over the raw bytes before parsing: missing, wrong or re-serialized is 401', async () => {
    const reportId = await harness.seed.insertReport({ status: 'approved' });
    const before = await harness.seed.rowOf(reportId);
    const compact = pullRequest(reportId, 'opened');
    const pretty = JSON.stringify(JSON.parse(compact) as unknown, null, 2);
    const refusals: { signature: string | null; body: string }[] = [
      { signature: null, body: compact },
      { signature: 'sha256=', body: compact },
      { signature: 'sha1=0123456789abcdef0123456789abcdef01234567', body: compact },
      { signature: signatureOf(compact, 'another secret'), body: compact },
      { signature: signatureOf(compact), body: pretty },
      // Not JSON at all: refused on the signature before any parser could complain.
      { signature: signatureOf('{"a":1}'), body: '{"a":' },
    ];
    for (const { signature, body } of refusals) {
      const answer = await deliver(baseUrl, { event: 'pull_request', body, signature });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ success: false, error: { code: 'AUTH_REQUIRED' } });
      expect(answer.headers.get('x-request-id')).toBeTruthy();
    }
    expect(await harness.seed.rowOf(reportId)).toEqual(before);

    // The same event pretty-printed and signed over those bytes is accepted as it is.
    const signedPretty = await deliver(baseUrl, { event: 'pull_request', body: pretty });
    expect(signedPretty.body).toMatchObject({ outcome: 'applied', status: 'pr_open' });
  });

  it('refuses signed bodies that are not JSON: 400 for broken JSON, 415 for a form', async () => {
    const broken = await deliver(baseUrl, { event: 'pull_request', body: '{"action":' });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    const form = await deliver(baseUrl, {
      event: 'pull_request',
      body: 'payload=%7B%7D',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect(form.body).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  it('answers 413 for a body over 1 MiB, declared or not', async () => {
    const huge = JSON.stringify({ action: 'opened', padding: 'x'.repeat(1_100_000) });
    const answer = await deliver(baseUrl, { event: 'pull_request', body: huge });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });

    // Sent chunked, with no Content-Length: counted while read.
    const bytes = Buffer.from(huge);
    const chunked = await fetch(`${baseUrl}/api/feedback/github/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'pull_request',
        'x-hub-signature-256': signatureOf(bytes),
      },
      body: new ReadableStream({
        start(controller) {
          for (let offset = 0; offset < bytes.length; offset += 65_536) {
            controller.enqueue(bytes.subarray(offset, offset + 65_536));
          }
          controller.close();
        },
      }),
      duplex: 'half',
    });
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  });
});

describe('intake and webhook settings left unset', () => {
  let harness: IntakeHarness;

  beforeAll(async () => {
    harness = await startIntakeTestApp({ INTERNAL_API_TOKEN: '', GITHUB_WEBHOOK_SECRET: '' });
  });
  afterAll(() => harness.server.close());

  it('answers 401 on intake saying it is not configured, and 401 on the webhook', async () => {
    const claimed = await internalCall(
      harness.server.baseUrl,
      'POST',
      '/api/feedback/intake/claim',
      {
        body: { session_id: 'a' },
        internalToken: TEST_INTERNAL_TOKEN,
      },
    );
    expect(claimed.status).toBe(401);
    expect(claimed.body).toMatchObject({
      error: { code: 'AUTH_REQUIRED', message: expect.stringContaining('not configured') },
    });
    const webhook = await deliver(harness.server.baseUrl, {
      event: 'ping',
      body: '{}',
    });
    expect(webhook.status).toBe(401);
    expect(webhook.body).toMatchObject({
      error: { code: 'AUTH_REQUIRED', message: expect.stringContaining('GITHUB_WEBHOOK_SECRET') },
    });
  });
});
