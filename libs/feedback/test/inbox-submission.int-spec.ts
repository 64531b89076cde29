import { createHash, randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, createApiKey, signInTestPerson, type TestApp } from '@cw/testing';
import { DataSource } from 'typeorm';
import { FeedbackInboxModule } from '../src/inbox/feedback-inbox.module';
import { MAX_ATTACHMENT_BYTES } from '../src/inbox/submission-limits';
import {
  base64Of,
  type InboxOperator,
  type InboxReport,
  listInbox,
  seedRepository,
  signInOperator,
} from './inbox-fixtures';
import { startFeedbackTestApp } from './feedback-test-app';

jest.setTimeout(120_000);

/** Every file under `dir`, relative. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

describe('filing feedback and reading its evidence (one process, real PostgreSQL)', () => {
  const evidenceDir = mkdtempSync(join(tmpdir(), 'cw-inbox-evidence-'));
  let server: TestApp;
  let operator: InboxOperator;
  let submitter: Awaited<ReturnType<typeof signInTestPerson>>;

  const submit = (body: unknown, cookie = submitter.cookie) =>
    call<{ id: string; status: string; error?: { code: string; details?: { field?: string } } }>(
      server.baseUrl,
      'POST',
      '/api/feedback',
      { cookie, body },
    );
  const counts = () => seedRepository(server.app.get(DataSource)).counts();
  const reportOf = async (id: string): Promise<InboxReport> => {
    const answer = await listInbox(server.baseUrl, operator, `?search=${id}`);
    expect(answer.body.reports).toHaveLength(1);
    return answer.body.reports[0];
  };

  beforeAll(async () => {
    server = await startFeedbackTestApp({
      modules: [FeedbackInboxModule],
      env: { FEEDBACK_EVIDENCE_DIR: evidenceDir },
    });
    operator = await signInOperator(server.baseUrl);
    submitter = await signInTestPerson(server.baseUrl, { company: 'Filing Co' });
  });
  afterAll(() => server.close());

  it('files a report with evidence: 200 {id, status new}, the snapshot of the submitter, bytes behind the proxy', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255]);
    const answer = await submit({
      message: 'The export button does nothing',
      category: 'bug',
      page_path: '/wiki/pages/42',
      attachments: [
        { filename: 'shot.png', content_type: 'image/png', data_base64: png.toString('base64') },
        {
          filename: 'notes "v2".txt',
          content_type: 'text/plain; charset=utf-8',
          data_base64: base64Of('<b>hi</b>'),
        },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: expect.any(String), status: 'new' });
    expect(answer.headers.get('x-request-id')).toBeTruthy();

    const report = await reportOf(answer.body.id);
    expect(report).toMatchObject({
      status: 'new',
      category: 'bug',
      message: 'The export button does nothing',
      page_path: '/wiki/pages/42',
      user: { id: submitter.personId, email: submitter.email },
      company: { id: submitter.companyId, name: 'Filing Co' },
      has_pr: false,
    });
    expect(report.attachments.map((file) => [file.filename, file.content_type, file.size])).toEqual(
      [
        ['shot.png', 'image/png', png.length],
        ['notes "v2".txt', 'text/plain; charset=utf-8', 9],
      ],
    );
    // Read with a search above; the list without one reads its page another way.
    const newest = await listInbox(server.baseUrl, operator, '?limit=1');
    expect(newest.body.reports).toEqual([report]);
    const [first, second] = report.attachments;
    expect(first.url).toBe(
      `/api/feedback/${report.id}/attachments/${first.feedback_attachment_id}`,
    );
    expect(filesUnder(evidenceDir)).toEqual(
      expect.arrayContaining([
        `reports/${report.id}/${first.feedback_attachment_id}`,
        `reports/${report.id}/${second.feedback_attachment_id}`,
      ]),
    );

    const download = await fetch(`${server.baseUrl}${first.url}`, {
      headers: { authorization: `Bearer ${operator.token}` },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(png);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="shot.png"; filename*=UTF-8''shot.png`,
    );
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('cache-control')).toBe('private, no-store');
    const text = await call(server.baseUrl, 'GET', second.url, { token: operator.token });
    expect(text.text).toBe('<b>hi</b>');
    expect(text.headers.get('content-disposition')).toBe(
      `attachment; filename="notes _v2_.txt"; filename*=UTF-8''notes%20%22v2%22.txt`,
    );

    for (const path of [
      `/api/feedback/${randomUUID()}/attachments/${first.feedback_attachment_id}`,
      `/api/feedback/${report.id}/attachments/${randomUUID()}`,
    ]) {
      const missing = await call(server.baseUrl, 'GET', path, { token: operator.token });
      expect([missing.status, missing.body]).toMatchObject([404, { error: { code: 'NOT_FOUND' } }]);
    }
    const malformed = await call(
      server.baseUrl,
      'GET',
      `/api/feedback/${report.id}/attachments/x`,
      {
        token: operator.token,
      },
    );
    expect(malformed.body).toMatchObject({
      error: { code: 'VALIDATION_ERROR', details: { field: 'feedback_attachment_id' } },
    });
  });

  it('a repeated submission_id, even in parallel, gives the first report and writes nothing more', async () => {
    const before = await counts();
    const filesBefore = filesUnder(evidenceDir).length;
    const body = {
      message: 'Retry me',
      category: 'idea',
      submission_id: randomUUID(),
      attachments: [
        { filename: 'a.txt', content_type: 'text/plain', data_base64: base64Of('once') },
      ],
    };
    const answers = await Promise.all(Array.from({ length: 6 }, () => submit(body)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const [first] = answers;
    for (const answer of answers) expect(answer.body).toEqual({ id: first.body.id, status: 'new' });
    expect(await counts()).toEqual({
      reports: before.reports + 1,
      attachments: before.attachments + 1,
    });
    expect(filesUnder(evidenceDir)).toHaveLength(filesBefore + 1);
    expect((await submit({ ...body, message: 'changed my mind' })).body.id).toBe(first.body.id);

    const other = await signInTestPerson(server.baseUrl, { company: 'Filing Co' });
    const theirs = await submit(body, other.cookie);
    expect(theirs.status).toBe(200);
    expect(theirs.body.id).not.toBe(first.body.id);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = await counts();
    const filesBefore = filesUnder(evidenceDir);
    const file = { filename: 'a.png', content_type: 'image/png', data_base64: base64Of('x') };
    const cases: [unknown, string][] = [
      [{ category: 'bug' }, 'message'],
      [{ message: '', category: 'bug' }, 'message'],
      [{ message: 'x'.repeat(5001), category: 'bug' }, 'message'],
      [{ message: 'hi', category: 'praise' }, 'category'],
      [{ message: 'hi', category: 'bug', page_path: 'p'.repeat(501) }, 'page_path'],
      [{ message: 'hi', category: 'bug', page_path: null }, 'page_path'],
      [{ message: 'hi', category: 'bug', submission_id: 'again' }, 'submission_id'],
      [{ message: 'hi', category: 'bug', attachments: Array(6).fill(file) }, 'attachments'],
      [
        { message: 'hi', category: 'bug', attachments: [file, { ...file, data_base64: 'eA' }] },
        'attachments.1.data_base64',
      ],
      [
        { message: 'hi', category: 'bug', attachments: [{ ...file, data_base64: 'eA==\n' }] },
        'attachments.0.data_base64',
      ],
      [
        { message: 'hi', category: 'bug', attachments: [{ ...file, data_base64: 'e-_A' }] },
        'attachments.0.data_base64',
      ],
      [
        { message: 'hi', category: 'bug', attachments: [{ ...file, filename: '../etc/passwd' }] },
        'attachments.0.filename',
      ],
      [
        { message: 'hi', category: 'bug', attachments: [{ ...file, content_type: 'image' }] },
        'attachments.0.content_type',
      ],
      [
        { message: 'hi', category: 'bug', attachments: [{ ...file, size: 1 }] },
        'attachments.0.size',
      ],
      [{ message: 'hi', category: 'bug', attachments: [null] }, 'attachments.0'],
      [{ message: 'hi', category: 'bug', status: 'closed' }, 'status'],
      [{ message: 'nul \u0000', category: 'bug' }, 'message'],
    ];
    for (const [body, field] of cases) {
      const answer = await submit(body);
      expect([field, answer.status, answer.body.error]).toMatchObject([
        field,
        400,
        { code: 'VALIDATION_ERROR', details: { field } },
      ]);
    }
    const tooBig = await submit({
      message: 'hi',
      category: 'bug',
      attachments: [
        { ...file, data_base64: Buffer.alloc(MAX_ATTACHMENT_BYTES + 1).toString('base64') },
      ],
    });
    expect([tooBig.status, tooBig.body.error?.details?.field]).toEqual([
      400,
      'attachments.0.data_base64',
    ]);
    expect(await counts()).toEqual(before);
    expect(filesUnder(evidenceDir)).toEqual(filesBefore);
  });

  it('takes five 5 MB files in one body, and answers 413 in the envelope past the route’s limit', async () => {
    const big = Buffer.alloc(MAX_ATTACHMENT_BYTES, 0xab).toString('base64');
    const full = await submit({
      message: 'five screenshots',
      category: 'bug',
      attachments: Array.from({ length: 5 }, (_, index) => ({
        filename: `shot-${index}.png`,
        content_type: 'image/png',
        data_base64: big,
      })),
    });
    expect(full.status).toBe(200);
    const report = await reportOf(full.body.id);
    expect(report.attachments.map((file) => file.size)).toEqual(
      Array(5).fill(MAX_ATTACHMENT_BYTES),
    );
    const served = await fetch(`${server.baseUrl}${report.attachments[4].url}`, {
      headers: { authorization: `Bearer ${operator.token}` },
    });
    const digest = createHash('sha256')
      .update(Buffer.from(await served.arrayBuffer()))
      .digest('hex');
    expect(digest).toBe(
      createHash('sha256').update(Buffer.alloc(MAX_ATTACHMENT_BYTES, 0xab)).digest('hex'),
    );

    const before = await counts();
    const over = await call(server.baseUrl, 'POST', '/api/feedback', {
      cookie: submitter.cookie,
      headers: { 'content-type': 'application/json' },
      rawBody: JSON.stringify({
        message: 'x',
        category: 'bug',
        padding: 'x'.repeat(38 * 1024 * 1024),
      }),
    });
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(over.headers.get('x-request-id')).toBeTruthy();
    expect(await counts()).toEqual(before);
  });

  it('admits: anyone signed in may file; the inbox needs a session or an operator:all token and a live feedback.view grant', async () => {
    const anonymous = await call(server.baseUrl, 'POST', '/api/feedback', {
      body: { message: 'hi', category: 'bug' },
    });
    expect([anonymous.status, anonymous.body]).toMatchObject([
      401,
      { error: { code: 'AUTH_REQUIRED' } },
    ]);
    const wikiKey = await createApiKey(server.baseUrl, submitter.cookie, ['wiki:read']);
    expect(
      (
        await call(server.baseUrl, 'POST', '/api/feedback', {
          token: wikiKey,
          body: { message: 'from a key', category: 'question' },
        })
      ).status,
    ).toBe(200);

    const someId = (await submit({ message: 'access', category: 'other' })).body.id;
    const inboxPaths: [string, string, unknown?][] = [
      ['GET', '/api/feedback'],
      ['GET', '/api/feedback/ids'],
      ['POST', `/api/feedback/${someId}/triage`, { status: 'closed' }],
      ['GET', `/api/feedback/${someId}/attachments/${randomUUID()}`],
    ];
    const operatorWithoutScope = await createApiKey(server.baseUrl, operator.cookie, [
      'wiki:read',
      'ops:read',
    ]);
    for (const [method, path, body] of inboxPaths) {
      expect((await call(server.baseUrl, method, path, { body })).status).toBe(401);
      const noGrant = await call(server.baseUrl, method, path, { cookie: submitter.cookie, body });
      expect([path, noGrant.status, noGrant.body]).toMatchObject([
        path,
        403,
        { error: { code: 'ACCESS_DENIED', details: { error: 'operator_requirement' } } },
      ]);
      const noScope = await call(server.baseUrl, method, path, {
        token: operatorWithoutScope,
        body,
      });
      expect([path, noScope.status, noScope.body]).toMatchObject([
        path,
        403,
        {
          error: {
            code: 'ACCESS_DENIED',
            details: { error: 'insufficient_scope', scope: 'operator:all' },
          },
        },
      ]);
    }
    expect(
      (await call(server.baseUrl, 'GET', '/api/feedback', { cookie: operator.cookie })).status,
    ).toBe(200);
    expect(
      (await call(server.baseUrl, 'GET', '/api/feedback', { token: operator.token })).status,
    ).toBe(200);
  });
});
