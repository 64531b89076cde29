import { AuthModule } from '@cw/auth';
import { IdentityModule } from '@cw/identity';
import { QueueDashboardModule, QueueName, QueueRegistry } from '@cw/queue';
import {
  call,
  createApiKey,
  signInTestPerson,
  startContextTestApp,
  TEST_ACCEPTANCE_SECRET,
  type TestApp,
} from '@cw/testing';

const QUEUES_API = '/ops/queues/api/queues';

/** The dashboard as the workflow-runner composes it: behind the guard of every service. */
describe('the queue dashboard behind the queues.manage operator grant', () => {
  let server: TestApp;
  let operatorCookie: string;
  let memberCookie: string;

  beforeAll(async () => {
    server = await startContextTestApp({
      modules: [IdentityModule.register({ withRoutes: true }), AuthModule, QueueDashboardModule],
      env: { ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET },
    });
    operatorCookie = (
      await signInTestPerson(server.baseUrl, { operator_grants: ['queues.manage'] })
    ).cookie;
    memberCookie = (await signInTestPerson(server.baseUrl)).cookie;
  });
  afterAll(() => server.close());

  it('refuses a request without a credential with 401 in the envelope', async () => {
    for (const path of ['/ops/queues', QUEUES_API, '/ops/queues/static/favicon.ico']) {
      const result = await call(server.baseUrl, 'GET', path);
      expect({ path, status: result.status }).toEqual({ path, status: 401 });
      expect(result.body).toMatchObject({ success: false, error: { code: 'AUTH_REQUIRED' } });
      expect(result.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('refuses a person without the grant with 403 operator_requirement', async () => {
    const result = await call(server.baseUrl, 'GET', QUEUES_API, { cookie: memberCookie });
    expect(result.status).toBe(403);
    expect(result.body).toMatchObject({
      error: {
        code: 'ACCESS_DENIED',
        details: {
          error: 'operator_requirement',
          missing_operator_requirements: ['queues.manage'],
        },
      },
    });
  });

  it("refuses an operator's token without the operator:all scope", async () => {
    const token = await createApiKey(server.baseUrl, operatorCookie, ['workflows:read']);
    const result = await call(server.baseUrl, 'GET', QUEUES_API, { token });
    expect(result.status).toBe(403);
    expect(result.body).toMatchObject({ error: { details: { error: 'insufficient_scope' } } });
  });

  it('serves the page, its assets and every queue to an operator', async () => {
    const page = await fetch(`${server.baseUrl}/ops/queues`, {
      headers: { cookie: `session_token=${operatorCookie}` },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<base href="/ops/queues/"');
    const script = /src="(static\/js\/main[^"]*\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${server.baseUrl}/ops/queues/${script}`, {
      headers: { cookie: `session_token=${operatorCookie}` },
    });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);

    const token = await createApiKey(server.baseUrl, operatorCookie, ['operator:all']);
    const queues = await call<{ queues: { name: string }[] }>(server.baseUrl, 'GET', QUEUES_API, {
      token,
    });
    expect(queues.status).toBe(200);
    expect(queues.body.queues.map((queue) => queue.name).sort()).toEqual(
      Object.values(QueueName).sort(),
    );
  });

  it("acts on a queue for an operator and answers bull-board's refusals in the envelope", async () => {
    const queue = server.app.get(QueueRegistry).queue(QueueName.ReportEvents);
    const pause = await call(
      server.baseUrl,
      'PUT',
      `${QUEUES_API}/${QueueName.ReportEvents}/pause`,
      {
        cookie: operatorCookie,
      },
    );
    expect(pause.status).toBe(200);
    expect(await queue.isPaused()).toBe(true);
    await queue.resume();

    const unknown = await call(server.baseUrl, 'GET', `${QUEUES_API}/no-such-queue/1`, {
      cookie: operatorCookie,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });
});
