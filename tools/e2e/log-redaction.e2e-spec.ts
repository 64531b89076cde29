import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  call,
  createTestDatabase,
  createTestPage,
  signInTestPerson,
  TEST_ACCEPTANCE_SECRET,
  testStack,
  type TestDatabase,
} from '@cw/testing';
import { freePort } from '../local-stack/ports';
import { type RunningSystem, startSystem } from '../start/system';

const REPO_ROOT = join(__dirname, '../..');

/** Sends a request with the path exactly as given (fetch would normalise `//` and `%63`). */
async function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<number> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: url.hostname, port: url.port, method, path, headers },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(method === 'POST' ? '{}' : undefined);
  });
}

/**
 * The access logs of the gateway and of every service, written by real processes, hold no
 * secret that a URL (or a header) carried: share-link tokens, webhook-trigger tokens, intake
 * lease tokens, however the client spelt the route, and not in error lines either.
 */
describe('secrets in the logs of six processes', () => {
  let database: TestDatabase;
  let system: RunningSystem;
  let logDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    logDir = mkdtempSync(join(tmpdir(), 'cw-log-redaction-'));
    system = await startSystem({
      mode: 'six-processes',
      databaseUrl: database.url,
      redisUrl: testStack().redisUrl,
      gatewayPort: await freePort(),
      logDir,
      distDir: join(REPO_ROOT, 'dist'),
      env: {
        ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET,
        QUEUE_PREFIX: `cwlogs-${process.pid}`,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
      },
    });
  }, 90_000);

  afterAll(async () => {
    await system?.stop();
    await database?.drop();
    rmSync(logDir, { recursive: true, force: true });
  });

  it('never writes a share-link, webhook or lease token, on success, on 404 or upstream failure', async () => {
    const gateway = system.gatewayUrl;
    const person = await signInTestPerson(gateway);
    const created = await createTestPage(gateway, person, { title: 'Shared', markdown: 'x' });
    const link = await call<{ token: string }>(
      gateway,
      'POST',
      `/api/wiki/pages/${created.page.public_id}/share-links`,
      { cookie: person.cookie, body: {} },
    );
    expect(link.status).toBe(201);
    const share = link.body.token;
    const hook = randomBytes(32).toString('base64url');
    const lease = randomBytes(24).toString('base64url');

    expect(await rawRequest(gateway, 'GET', `/public/pages/${share}`)).toBe(200);
    // Spellings a client may send: some reach the link, some are 404s; each is logged.
    for (const path of [
      `//public/pages/${share}`,
      `/PUBLIC/pages/${share}`,
      `/public/pages/${share}/x`,
      `/public/pages/%63wl_${share.slice(4)}`,
      `/public/page/${share}`,
      `/public/pages/${share}?token=${share}`,
    ]) {
      await rawRequest(gateway, 'GET', path);
    }
    for (const path of [
      `/api/workflows/hooks/${randomUUID()}/${hook}`,
      `//api/workflows/hooks/${randomUUID()}/${hook}`,
      `/api/workflow/hooks/${randomUUID()}/${hook}`,
    ]) {
      await rawRequest(gateway, 'POST', path, { 'content-type': 'application/json' });
    }
    await rawRequest(gateway, 'POST', `/api/feedback/intake/${randomUUID()}/started`, {
      'x-feedback-lease-token': lease,
    });

    const wiki = system.processes.find((running) => running.name === 'wiki-service')!;
    wiki.child.kill('SIGKILL');
    await new Promise((resolve) => wiki.child.once('exit', resolve));
    expect(await rawRequest(gateway, 'GET', `/public/pages/${share}`)).toBe(503);
    await system.stop();

    const logs = new Map(
      readdirSync(logDir).map((file) => [file, readFileSync(join(logDir, file), 'utf8')]),
    );
    const secrets = { share: share.slice(4), hook, lease };
    const leaks = [...logs].flatMap(([file, text]) =>
      Object.entries(secrets)
        .filter(([, secret]) => text.includes(secret))
        .map(([name]) => `${name} in ${file}`),
    );
    expect(leaks).toEqual([]);
    for (const file of ['api-gateway.log', 'wiki-service.log']) {
      expect({
        file,
        redacted: logs.get(file)?.includes('"url":"/public/pages/[redacted]"'),
      }).toEqual({ file, redacted: true });
    }
    // The proxy's warning about the dead upstream was written, with its error, and redacted too.
    expect(logs.get('api-gateway.log')).toMatch(/"level":40,.*"err":\{/);
  }, 90_000);
});
