import { randomBytes } from 'node:crypto';
import { call, createApiKey, type HttpResult, signInTestPerson, type TestApp } from '@cw/testing';
import { DataSource } from 'typeorm';
import { CodeSandbox } from '../src/code-sandbox/code-sandbox';
import { CodeSessionService } from '../src/code-sessions/code-session.service';
import { startWorkflowsTestApp } from './workflows-test-app';

jest.setTimeout(60_000);

interface Session {
  session_id: string;
  language: string;
  expires_at: string;
}

interface Cell {
  cell: number;
  status: string;
  result: unknown;
  stdout: string;
  error: { name: string; message: string } | null;
  duration_ms: number;
}

describe('code sessions (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;
  let dataSource: DataSource;
  let cookie: string;
  let companyName: string;

  beforeAll(async () => {
    server = await startWorkflowsTestApp({
      env: { CODE_CELL_TIMEOUT_MS: '1500', CODE_CELL_MEMORY_MB: '8' },
    });
    dataSource = server.app.get(DataSource);
    companyName = `Code Co ${randomBytes(3).toString('hex')}`;
  });
  // A person per test: each test's sessions count against its own person's cap.
  beforeEach(async () => {
    ({ cookie } = await signInTestPerson(server.baseUrl, { company: companyName }));
  });
  afterAll(() => server.close());

  async function open(
    credentials: { cookie?: string; token?: string } = { cookie },
  ): Promise<Session> {
    const result = await call<Session>(server.baseUrl, 'POST', '/api/code-sessions', {
      ...credentials,
      body: {},
    });
    expect(result.status).toBe(201);
    return result.body;
  }

  function run(
    sessionId: string,
    code: string,
    credentials: { cookie?: string; token?: string } = { cookie },
  ): Promise<HttpResult<Cell>> {
    return call<Cell>(server.baseUrl, 'POST', `/api/code-sessions/${sessionId}/cells`, {
      ...credentials,
      body: { code },
    });
  }

  async function ok(sessionId: string, code: string): Promise<Cell> {
    const result = await run(sessionId, code);
    expect(result.status).toBe(200);
    return result.body;
  }

  async function cellCount(sessionId: string): Promise<number> {
    const [{ count }]: { count: number }[] = await dataSource.query(
      'SELECT count(*)::int AS count FROM workflows.code_cells WHERE session_id = $1',
      [sessionId],
    );
    return count;
  }

  it('opens a session whose globals last from cell to cell, with output and errors', async () => {
    const session = await open();
    expect(session).toEqual({
      session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      language: 'javascript',
      expires_at: expect.any(String),
    });
    expect(await ok(session.session_id, 'let total = 40; console.log("hello"); total')).toEqual({
      cell: 1,
      status: 'ok',
      result: 40,
      stdout: 'hello\n',
      error: null,
      duration_ms: expect.any(Number),
    });
    expect(await ok(session.session_id, 'total += 2; ({ total, list: [1, "a"] })')).toMatchObject({
      cell: 2,
      status: 'ok',
      result: { total: 42, list: [1, 'a'] },
    });
    expect(await ok(session.session_id, 'missingName + 1')).toMatchObject({
      cell: 3,
      status: 'error',
      result: null,
      error: { name: 'ReferenceError' },
    });
    expect(await ok(session.session_id, 'total')).toMatchObject({ cell: 4, result: 42 });
  });

  it('refuses a bad body and an oversized cell, writing nothing', async () => {
    const session = await open();
    const unknown = await call(
      server.baseUrl,
      'POST',
      `/api/code-sessions/${session.session_id}/cells`,
      {
        cookie,
        body: { code: '1', extra: true },
      },
    );
    expect(unknown.status).toBe(400);
    const wrongType = await call(
      server.baseUrl,
      'POST',
      `/api/code-sessions/${session.session_id}/cells`,
      {
        cookie,
        body: { code: 5 },
      },
    );
    expect(wrongType.status).toBe(400);
    const tooLarge = await run(session.session_id, `"${'é'.repeat(60 * 1024)}"`);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    const language = await call(server.baseUrl, 'POST', '/api/code-sessions', {
      cookie,
      body: { language: 'python' },
    });
    expect(language.status).toBe(400);
    expect(await cellCount(session.session_id)).toBe(0);
  });

  it('stops a cell at the time limit and the session goes on', async () => {
    const session = await open();
    await ok(session.session_id, 'let kept = "still here"');
    expect(await ok(session.session_id, 'while (true) {}')).toMatchObject({
      cell: 2,
      status: 'timeout',
      result: null,
    });
    expect(await ok(session.session_id, 'kept')).toMatchObject({ cell: 3, result: 'still here' });
  });

  it('stops a cell at the memory limit, then rebuilds the session by replaying its ok cells', async () => {
    const session = await open();
    await ok(session.session_id, 'let counter = 1');
    await ok(session.session_id, 'counter += 1');
    await ok(session.session_id, 'throw new Error("not replayed")');
    expect(await ok(session.session_id, '"x".repeat(100 * 1024 * 1024).length')).toMatchObject({
      cell: 4,
      status: 'memory_limit',
      result: null,
    });
    expect(await ok(session.session_id, 'counter')).toMatchObject({
      cell: 5,
      status: 'ok',
      result: 2,
    });
  });

  it('replays the session when the sandbox lost it (another process, a restart)', async () => {
    const session = await open();
    await ok(session.session_id, 'const words = ["a"]');
    await ok(session.session_id, 'words.push("b"); console.log("printed once")');
    await server.app.get(CodeSandbox).shutdown();
    expect(await ok(session.session_id, 'words.join("")')).toEqual({
      cell: 3,
      status: 'ok',
      result: 'ab',
      stdout: '',
      error: null,
      duration_ms: expect.any(Number),
    });
  });

  it('answers 404 to anyone else, to a later use after delete, and to ids that cannot exist', async () => {
    const session = await open();
    await ok(session.session_id, 'let mine = 1');
    const colleague = await signInTestPerson(server.baseUrl, { company: companyName });
    expect((await run(session.session_id, 'mine', { cookie: colleague.cookie })).status).toBe(404);
    const deletedByOther = await call(
      server.baseUrl,
      'DELETE',
      `/api/code-sessions/${session.session_id}`,
      {
        cookie: colleague.cookie,
      },
    );
    expect(deletedByOther.status).toBe(404);
    expect((await run('not-a-uuid', '1')).status).toBe(404);
    expect(await cellCount(session.session_id)).toBe(1);

    const deleted = await call(
      server.baseUrl,
      'DELETE',
      `/api/code-sessions/${session.session_id}`,
      {
        cookie,
      },
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ session_id: session.session_id, deleted: true });
    expect((await run(session.session_id, 'mine')).status).toBe(404);
    const again = await call(server.baseUrl, 'DELETE', `/api/code-sessions/${session.session_id}`, {
      cookie,
    });
    expect(again.status).toBe(404);
  });

  it('needs workflows:run on a key', async () => {
    const readOnly = await createApiKey(server.baseUrl, cookie, ['workflows:read']);
    const refused = await call(server.baseUrl, 'POST', '/api/code-sessions', {
      token: readOnly,
      body: {},
    });
    expect(refused.status).toBe(403);
    const runner = await createApiKey(server.baseUrl, cookie, ['workflows:run']);
    const session = await open({ token: runner });
    expect((await run(session.session_id, '6 * 7', { token: runner })).body).toMatchObject({
      result: 42,
    });
  });

  it('expires an idle session: 404, and the sweep ends it', async () => {
    const idle = await open();
    await ok(idle.session_id, 'let x = 1');
    await dataSource.query(
      `UPDATE workflows.code_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [idle.session_id],
    );
    expect((await run(idle.session_id, 'x')).status).toBe(404);
    expect(await cellCount(idle.session_id)).toBe(1);

    const swept = await open();
    await dataSource.query(
      `UPDATE workflows.code_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [swept.session_id],
    );
    await server.app.get(CodeSessionService).sweep();
    const [row]: { deleted: boolean }[] = await dataSource.query(
      'SELECT deleted_at IS NOT NULL AS deleted FROM workflows.code_sessions WHERE id = $1',
      [swept.session_id],
    );
    expect(row.deleted).toBe(true);
    expect(new Date(idle.expires_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('runs parallel cells of one session one at a time, with consecutive numbers', async () => {
    const session = await open();
    await ok(session.session_id, 'let hits = 0');
    const results = await Promise.all(
      Array.from({ length: 8 }, () => run(session.session_id, 'hits += 1')),
    );
    expect(results.map((result) => result.status)).toEqual(Array(8).fill(200));
    expect(results.map((result) => result.body.cell).sort((a, b) => a - b)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(
      results.map((result) => result.body.result).sort((a, b) => Number(a) - Number(b)),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await cellCount(session.session_id)).toBe(9);
  });

  it('ends an allocation loop at the memory limit, and the session goes on by replay', async () => {
    const session = await open();
    await ok(session.session_id, 'let kept = "still here"');
    const loop = await ok(session.session_id, "let a = []; while (true) a.push('x'.repeat(1e6))");
    expect(loop).toMatchObject({ cell: 2, status: 'memory_limit', result: null });
    // Ended by the memory cap, not the watchdog (the deadline is 1.5 s, its grace 2 s more).
    expect(loop.duration_ms).toBeLessThan(1500);
    expect(await ok(session.session_id, 'kept')).toMatchObject({ cell: 3, result: 'still here' });
  });

  it("answers one person's 1 + 1 at once while another company's person runs endless cells", async () => {
    const noisy = await signInTestPerson(server.baseUrl, {
      company: `Noisy Co ${randomBytes(3).toString('hex')}`,
    });
    const noisySessions = await Promise.all([1, 2, 3].map(() => open({ cookie: noisy.cookie })));
    const quietSession = await open();
    let endlessAnswered = 0;
    const endless = noisySessions.map((session) =>
      run(session.session_id, 'while (true) {}', { cookie: noisy.cookie }).then((result) => {
        endlessAnswered += 1;
        return result;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    const quiet = await run(quietSession.session_id, '1 + 1');
    const waited = Date.now() - started;
    expect(quiet.status).toBe(200);
    expect(quiet.body).toMatchObject({ status: 'ok', result: 2 });
    expect(quiet.body.duration_ms).toBeLessThan(500);
    // Generous for a busy machine: the three endless cells take 1.5 s each, one after another.
    expect(waited).toBeLessThan(1500);
    expect(endlessAnswered).toBeLessThan(3);
    const ended = await Promise.all(endless);
    expect(ended.map((result) => [result.status, result.body.status])).toEqual([
      [200, 'timeout'],
      [200, 'timeout'],
      [200, 'timeout'],
    ]);
  });

  it('holds no database connection while cells wait for their turn or run', async () => {
    // Twice as many endless cells as the pool has connections, each of another person.
    const pool = 5;
    const people = await Promise.all(
      Array.from({ length: pool * 2 }, () =>
        signInTestPerson(server.baseUrl, { company: `Pool Co ${randomBytes(3).toString('hex')}` }),
      ),
    );
    const sessions = await Promise.all(people.map((person) => open({ cookie: person.cookie })));
    const endless = sessions.map((session, index) =>
      run(session.session_id, 'while (true) {}', { cookie: people[index].cookie }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    const listed = await call(server.baseUrl, 'GET', '/api/workflows', { cookie });
    expect(listed.status).toBe(200);
    // DB_POOL_TIMEOUT_MS is 5 s: a pool held by the cells would answer 503 after it.
    expect(Date.now() - started).toBeLessThan(2000);
    const ended = await Promise.all(endless);
    expect(ended.map((result) => result.body.status)).toEqual(sessions.map(() => 'timeout'));
  });

  describe('the live-session cap (CODE_SESSIONS_PER_PERSON, 5)', () => {
    function create(credentials: { cookie: string }): Promise<HttpResult<Session>> {
      return call<Session>(server.baseUrl, 'POST', '/api/code-sessions', {
        ...credentials,
        body: {},
      });
    }

    async function liveCount(sessionIds: string[]): Promise<number> {
      const [{ count }]: { count: number }[] = await dataSource.query(
        `SELECT count(*)::int AS count FROM workflows.code_sessions
          WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL AND expires_at > now()`,
        [sessionIds],
      );
      return count;
    }

    it('refuses the sixth with 429 RATE_LIMITED and Retry-After; deleting or expiring frees a place', async () => {
      const opened = await Promise.all([1, 2, 3, 4, 5].map(() => open()));
      const refused = await create({ cookie });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        error: {
          code: 'RATE_LIMITED',
          details: { limit: 5, retry_after_seconds: expect.any(Number) },
        },
      });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(900);

      // Someone else in the company is not held back by this person's sessions.
      const colleague = await signInTestPerson(server.baseUrl, { company: companyName });
      expect((await create({ cookie: colleague.cookie })).status).toBe(201);

      const deleted = await call(
        server.baseUrl,
        'DELETE',
        `/api/code-sessions/${opened[0].session_id}`,
        { cookie },
      );
      expect(deleted.status).toBe(200);
      const afterDelete = await create({ cookie });
      expect(afterDelete.status).toBe(201);
      expect((await create({ cookie })).status).toBe(429);

      await dataSource.query(
        `UPDATE workflows.code_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`,
        [opened[1].session_id],
      );
      expect((await create({ cookie })).status).toBe(201);
    });

    it('lets exactly 5 of 20 concurrent creates through', async () => {
      const results = await Promise.all(Array.from({ length: 20 }, () => create({ cookie })));
      const statuses = results.map((result) => result.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(15);
      const created = results.filter((result) => result.status === 201);
      expect(await liveCount(created.map((result) => result.body.session_id))).toBe(5);
    });
  });
});
