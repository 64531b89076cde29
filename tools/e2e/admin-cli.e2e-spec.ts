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

  it('refuses an invalid email or an empty name in one line, exit 2, writing nothing', async () => {
    const badEmail = await admin(['person:create', '--email', 'bad', '--name', 'Bad'], '');
    expect(badEmail.code).toBe(2);
    expect(badEmail.stderr).toBe('admin: --email bad is not an email address (name@example.com)\n');
    const lookup = await admin(['api-key:list', '--person', 'bad']);
    expect(lookup.stderr).toContain('no person with email bad');
    const blank = await admin(['company:create', '--name', '   ']);
    expect(blank.code).toBe(2);
    expect(blank.stderr).toBe('admin: --name must not be empty or only spaces\n');
    const emptyName = await admin(
      ['person:create', '--email', 'blank@initech.test', '--name', ' '],
      '',
    );
    expect(emptyName.code).toBe(2);
    expect((await admin(['api-key:list', '--person', 'blank@initech.test'])).stderr).toContain(
      'no person with email',
    );
  });

  it('lists live keys by person or company without their tokens, and revokes one by id at once', async () => {
    await admin(['company:create', '--name', 'Globex']);
    await admin(['person:create', '--email', 'hank@globex.test', '--name', 'Hank'], '');
    await admin(['membership:set', '--company', 'Globex', '--person', 'hank@globex.test']);
    const mint = async (keyName: string): Promise<{ id: string; token: string }> =>
      (
        await admin([
          'api-key:create',
          '--company',
          'Globex',
          '--person',
          'hank@globex.test',
          '--name',
          keyName,
          '--scopes',
          'wiki:read',
        ])
      ).json as { id: string; token: string };
    const [first, second] = [await mint('first'), await mint('second')];
    const byPerson = await admin(['api-key:list', '--person', 'hank@globex.test']);
    const listed = byPerson.json as unknown as { id: string; name: string }[];
    expect(listed.map((key) => key.name)).toEqual(['second', 'first']);
    expect(JSON.stringify(listed)).not.toContain(first.token);
    expect(listed[0]).not.toHaveProperty('token');
    const byCompany = (await admin(['api-key:list', '--company', 'Globex'])).json as unknown as {
      id: string;
    }[];
    expect(byCompany.map((key) => key.id).sort()).toEqual([first.id, second.id].sort());
    const revoked = await admin(['api-key:revoke', first.id]);
    expect(revoked).toMatchObject({ code: 0, json: { id: first.id, revoked: true } });
    const api = (token: string) => call(system.gatewayUrl, 'GET', '/api/auth/api-keys', { token });
    expect((await api(first.token)).status).toBe(401);
    expect((await api(second.token)).status).toBe(403);
    const after = (await admin(['api-key:list', '--company', 'Globex'])).json as unknown as {
      id: string;
    }[];
    expect(after.map((key) => key.id)).toEqual([second.id]);
    const unknown = await admin(['api-key:revoke', '00000000-0000-4000-8000-000000000000']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'admin: no API key has the id 00000000-0000-4000-8000-000000000000\n',
    );
    expect((await admin(['api-key:revoke', 'nope'])).code).toBe(2);
    // Each command is a process starting Nest: a dozen of them on a busy machine.
  }, 240_000);

  it('gives the demo admin a new working key and password whenever asked, ending the earlier ones', async () => {
    const signIn = (password: string) =>
      call(system.gatewayUrl, 'POST', '/api/auth/sign-in', {
        body: { email: 'admin@demo.localhost', password },
      });
    const first = (await admin(['demo:credentials'])).json as Record<string, string>;
    expect(first).toMatchObject({ company: 'Demo Company', email: 'admin@demo.localhost' });
    const second = (await admin(['demo:credentials'])).json as Record<string, string>;
    expect(second.api_key).not.toBe(first.api_key);
    const folders = (key: string) =>
      call(system.gatewayUrl, 'GET', '/api/wiki/folders', { token: key });
    expect((await folders(first.api_key)).status).toBe(401);
    expect((await folders(second.api_key)).status).toBe(200);
    const listed = await admin(['api-key:list', '--person', 'admin@demo.localhost']);
    const demoKeys = listed.json as unknown as { name: string }[];
    expect(demoKeys.map((key) => key.name)).toEqual(['demo key']);
    expect((await signIn(first.password)).status).toBe(401);
    const signedIn = await signIn(second.password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ company: { name: 'Demo Company' }, role: 'admin' });
  });
});
