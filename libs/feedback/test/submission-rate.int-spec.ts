import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, signInTestPerson, type TestApp } from '@cw/testing';
import { DataSource } from 'typeorm';
import { FeedbackInboxModule } from '../src/inbox/feedback-inbox.module';
import { base64Of } from './inbox-fixtures';
import { startFeedbackTestApp } from './feedback-test-app';

jest.setTimeout(60_000);

const PER_HOUR = 4;

interface Answer {
  id?: string;
  error?: { code: string; details?: Record<string, unknown> };
}

describe('reports one person may file an hour (one process, real PostgreSQL)', () => {
  const evidenceDir = mkdtempSync(join(tmpdir(), 'cw-rate-evidence-'));
  let server: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    server = await startFeedbackTestApp({
      modules: [FeedbackInboxModule],
      env: {
        FEEDBACK_EVIDENCE_DIR: evidenceDir,
        FEEDBACK_SUBMISSIONS_PER_HOUR: String(PER_HOUR),
      },
    });
    db = server.app.get(DataSource);
  });
  afterAll(() => server.close());

  const submit = (cookie: string, submissionId?: string) =>
    call<Answer>(server.baseUrl, 'POST', '/api/feedback', {
      cookie,
      body: {
        message: 'The export button does nothing',
        category: 'bug',
        submission_id: submissionId,
        attachments: [
          { filename: 'a.txt', content_type: 'text/plain', data_base64: base64Of('x') },
        ],
      },
    });
  const evidenceFiles = (): number =>
    readdirSync(evidenceDir, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    ).length;

  it('files exactly FEEDBACK_SUBMISSIONS_PER_HOUR of many parallel reports; the rest 429 RATE_LIMITED with Retry-After and no evidence kept', async () => {
    const alice = await signInTestPerson(server.baseUrl, { company: 'Rate Co' });
    const keys = Array.from({ length: 12 }, () => randomUUID());
    const answers = await Promise.all(keys.map((key) => submit(alice.cookie, key)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(PER_HOUR);
    for (const answer of answers.filter((each) => each.status !== 200)) {
      expect(answer.status).toBe(429);
      expect(answer.body.error).toMatchObject({
        code: 'RATE_LIMITED',
        details: { limit: PER_HOUR, window_seconds: 3600 },
      });
      const retryAfter = Number(answer.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(answer.body.error?.details?.retry_after_seconds).toBe(retryAfter);
    }
    const [{ n }]: { n: number }[] = await db.query(
      `SELECT count(*)::int AS n FROM feedback.reports WHERE submitter_id = $1`,
      [alice.personId],
    );
    expect(n).toBe(PER_HOUR);
    expect(evidenceFiles()).toBe(PER_HOUR);

    // A retry of a filed report is still answered with it; another person has an hour of their own.
    const filed = keys[answers.findIndex((answer) => answer.status === 200)];
    const retried = await submit(alice.cookie, filed);
    expect(retried.status).toBe(200);
    expect(retried.body.id).toBe(answers.find((answer) => answer.status === 200)!.body.id);
    expect((await submit(alice.cookie)).status).toBe(429);
    const bob = await signInTestPerson(server.baseUrl, { company: 'Rate Co' });
    expect((await submit(bob.cookie)).status).toBe(200);

    // Reports older than an hour no longer count.
    await db.query(
      `UPDATE feedback.reports SET created_at = created_at - interval '61 minutes' WHERE submitter_id = $1`,
      [alice.personId],
    );
    expect((await submit(alice.cookie)).status).toBe(200);
  });
});
