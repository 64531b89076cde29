import {
  call,
  createTestDatabase,
  createTestPage,
  type HttpResult,
  type SignedInTestPerson,
  signInTestPerson,
  startTestApp,
  TEST_ACCEPTANCE_SECRET,
  type TestApp,
  type TestDatabase,
} from '@cw/testing';
import { SingleProcessModule } from '../src/single-process.module';
import { DatabaseSwitch } from './database-switch';

function expectUnavailable(result: HttpResult<unknown>): void {
  const body = result.body as { error?: { code?: string; message?: string; request_id?: string } };
  expect({ status: result.status, code: body.error?.code }).toEqual({
    status: 503,
    code: 'SERVICE_UNAVAILABLE',
  });
  expect(body.error?.message).toContain('nothing was written');
  expect(body.error?.request_id).toBe(result.headers.get('x-request-id'));
  expect(Number(result.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('PostgreSQL unreachable', () => {
  let database: TestDatabase;
  let relay: DatabaseSwitch;
  let server: TestApp;
  let person: SignedInTestPerson;
  let pagePath: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    relay = await DatabaseSwitch.start(database.url);
    server = await startTestApp(SingleProcessModule, {
      database: { ...database, url: relay.url },
      env: { ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET },
    });
    person = await signInTestPerson(server.baseUrl, { role: 'admin' });
    const { page } = await createTestPage(server.baseUrl, person, {
      title: 'Survivor',
      markdown: 'still here\n',
      path: '/Company',
    });
    pagePath = `/api/wiki/pages/${page.public_id}`;
  }, 60_000);
  afterAll(async () => {
    await relay.restore();
    await server.close();
    await relay.cut();
    await database.drop();
  }, 30_000);

  it('answers reads and writes 503 SERVICE_UNAVAILABLE with Retry-After, then serves again', async () => {
    await relay.cut();
    // As when PostgreSQL stopped before the requests came: the pool has seen its connections
    // reset. A request that took one first would send its statement into a dead socket, the
    // "may have run" 500 (translate-error.spec), which this race once gave.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const newPage = { title: 'During the outage', markdown: 'x', path: '/Company' };
    const attempts = await Promise.all([
      call(server.baseUrl, 'GET', pagePath, { cookie: person.cookie }),
      call(server.baseUrl, 'POST', '/api/wiki/pages', { cookie: person.cookie, body: newPage }),
      call(server.baseUrl, 'POST', '/api/acceptance/auth/exchange', {
        body: { secret: TEST_ACCEPTANCE_SECRET, email: 'late@example.test', company: 'Late' },
      }),
    ]);
    attempts.forEach(expectUnavailable);

    await relay.restore();
    expect((await call(server.baseUrl, 'GET', pagePath, { cookie: person.cookie })).status).toBe(
      200,
    );
    const created = await call(server.baseUrl, 'POST', '/api/wiki/pages', {
      cookie: person.cookie,
      body: newPage,
    });
    expect(created.status).toBe(201);
  });
});
