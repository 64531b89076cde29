import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { call, createTestDatabase, testStack, type TestDatabase } from '@cw/testing';
import { freePort } from '../local-stack/ports';
import { type RunningSystem, startSystem } from '../start/system';

const REPO_ROOT = join(__dirname, '../..');

interface CliResult {
  code: number;
  json: Record<string, unknown>;
  stderr: string;
}

describe('admin CLI', () => {
  let database: TestDatabase;
  let system: RunningSystem;

  const admin = (args: string[], stdin = ''): Promise<CliResult> =>
    new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        [join(REPO_ROOT, 'dist/tools/admin/admin-cli.js'), ...args],
        {
          env: {
            ...process.env,
            DATABASE_URL: database.url,
            REDIS_URL: testStack().redisUrl,
            QUEUE_PREFIX: `cwadm-${process.pid}`,
          },
        },
        (error, stdout, stderr) => {
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(stdout) as Record<string, unknown>;
          } catch {
            // a refusal prints nothing on stdout
          }
          resolve({ code: error ? Number(error.code ?? 1) : 0, json, stderr });
        },
      );
      child.stdin?.end(stdin);
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    system = await startSystem({
      mode: 'single-process',
      databaseUrl: database.url,
      redisUrl: testStack().redisUrl,
      gatewayPort: await freePort(),
      logDir: join(REPO_ROOT, '.data', 'logs', 'e2e-admin'),
      distDir: join(REPO_ROOT, 'dist'),
      env: { QUEUE_PREFIX: `cwadm-${process.pid}`, LOG_LEVEL: 'warn' },
    });
  }, 60_000);
  afterAll(async () => {
    await system?.stop();
    await database?.drop();
  });

  it('creates a company, a person with a password from stdin and a membership that can sign in', async () => {
    expect((await admin(['company:create', '--name', 'Initech'])).json).toMatchObject({
      name: 'Initech',
    });
    const person = await admin(
      ['person:create', '--email', 'peter@initech.test', '--name', 'Peter'],
      'tps-reports-forever\n',
    );
    expect(person.json).toMatchObject({ email: 'peter@initech.test', password_set: true });
    const membership = await admin([
      'membership:set',
      '--company',
      'initech',
      '--person',
      'peter@initech.test',
      '--role',
      'admin',
    ]);
    expect(membership.json).toMatchObject({ role: 'admin' });
    const signIn = await call(system.gatewayUrl, 'POST', '/api/auth/sign-in', {
      body: { email: 'peter@initech.test', password: 'tps-reports-forever' },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ company: { name: 'Initech' }, role: 'admin' });
  });

  it('mints a working API key and refuses unknown scopes without writing', async () => {
    const refused = await admin([
      'api-key:create',
      '--company',
      'Initech',
      '--person',
      'peter@initech.test',
      '--name',
      'x',
      '--scopes',
      'root',
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('unknown scopes: root');
    const created = await admin([
      'api-key:create',
      '--company',
      'Initech',
      '--person',
      'peter@initech.test',
      '--name',
      'cli',
      '--scopes',
      'wiki:read',
    ]);
    expect(created.json).toMatchObject({ name: 'cli', scopes: ['wiki:read'] });
    const token = created.json.token as string;
    // A live key reaches the guard's session-only refusal (403); an unknown one would be 401.
    expect((await call(system.gatewayUrl, 'GET', '/api/auth/api-keys', { token })).status).toBe(
      403,
    );
  });

  it('grants and revokes operator requirements, and ends credentials when a membership is removed', async () => {
    expect(
      (
        await admin([
          'operator:grant',
          '--person',
          'peter@initech.test',
          '--requirement',
          'feedback.view',
        ])
      ).json,
    ).toMatchObject({
      granted: 'feedback.view',
    });
    expect(
      (
        await admin([
          'operator:revoke',
          '--person',
          'peter@initech.test',
          '--requirement',
          'feedback.view',
        ])
      ).json,
    ).toMatchObject({
      was_granted: true,
    });
    const created = await admin([
      'api-key:create',
      '--company',
      'Initech',
      '--person',
      'peter@initech.test',
      '--name',
      'leaver',
      '--scopes',
      'wiki:read',
    ]);
    const token = created.json.token as string;
    expect((await call(system.gatewayUrl, 'GET', '/api/auth/api-keys', { token })).status).toBe(
      403,
    );
    expect(
      (await admin(['membership:remove', '--company', 'Initech', '--person', 'peter@initech.test']))
        .json,
    ).toMatchObject({ removed: true });
    expect((await call(system.gatewayUrl, 'GET', '/api/auth/api-keys', { token })).status).toBe(
      401,
    );
  });
});
