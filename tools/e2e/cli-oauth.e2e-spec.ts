import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, signInTestPerson, type SignedInTestPerson } from '@cw/testing';
import type { Browser } from 'playwright-core';
import { approveInBrowser, launchChromium } from './cli/consent-browser';
import { spawnCw } from './cli/cw-process';
import { runCw } from './cli/cw-runner';
import { runCwOnPty } from './cli/pty';
import { type E2eSystem, setPasswordWithAdminCli, startE2eSystem } from './e2e-system';

const PASSWORD = 'correct horse battery staple';
const AUTHORIZE_ADDRESS = /(http:\/\/\S+\/api\/oauth\/authorize\?\S+)/;

interface CredentialsFile {
  profiles: Record<
    string,
    { kind: string; token: string; refresh_token?: string; expires_at?: string; client_id?: string }
  >;
  oauth_clients: Record<string, { client_id: string; redirect_uri: string; signed_in: boolean }>;
}

describe('cw login through OAuth in a browser, token refresh, logout, and cw on a terminal', () => {
  let system: E2eSystem;
  let gateway: string;
  let person: SignedInTestPerson;
  let browser: Browser;
  let configHome: string;
  let credentialsPath: string;

  const env = (): Record<string, string> => ({ XDG_CONFIG_HOME: configHome, CW_URL: gateway });
  const stored = async (): Promise<CredentialsFile> =>
    JSON.parse(await readFile(credentialsPath, 'utf8')) as CredentialsFile;
  const changeStored = async (change: (file: CredentialsFile) => void): Promise<void> => {
    const file = await stored();
    change(file);
    await writeFile(credentialsPath, JSON.stringify(file), { mode: 0o600 });
  };

  /** `cw login` in the browser, start to end; answers cw's exit, output and what it printed. */
  const browserLogin = async (forgeFirst = false) => {
    const login = spawnCw(['login', '--no-browser', '--json'], env());
    const address = new URL((await login.waitForStderr(AUTHORIZE_ADDRESS))[1]);
    let forged: number | undefined;
    if (forgeFirst) {
      // A redirect this login did not start (another state) is refused and changes nothing.
      const redirect = new URL(address.searchParams.get('redirect_uri')!);
      redirect.search = new URLSearchParams({ code: 'forged', state: 'not-this-one' }).toString();
      forged = (await fetch(redirect)).status;
    }
    const approved = await approveInBrowser(browser, address.href, {
      email: person.email,
      password: PASSWORD,
    });
    return { code: await login.exit, login, address, approved, forged };
  };

  beforeAll(async () => {
    configHome = await mkdtemp(join(tmpdir(), 'cw-e2e-oauth-config-'));
    credentialsPath = join(configHome, 'cw', 'credentials.json');
    system = await startE2eSystem('cli-oauth');
    gateway = system.gatewayUrl;
    person = await signInTestPerson(gateway, { company: 'CLI OAuth Co', role: 'admin' });
    await setPasswordWithAdminCli(system, {
      email: person.email,
      name: 'CLI OAuth Person',
      password: PASSWORD,
    });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await system?.stop();
    if (configHome) await rm(configHome, { recursive: true, force: true });
  });

  it('signs in through the consent page: PKCE, a loopback redirect with a state check, tokens stored 0600 and never printed', async () => {
    const { code, login, address, approved, forged } = await browserLogin(true);
    expect({ code, stderr: login.stderr() }).toMatchObject({ code: 0 });
    expect(forged).toBe(400);
    expect(approved.clientName).toBe('cw command-line client');
    expect(approved.answerText).toBe('Signed in');
    expect(new URL(approved.landedOn).searchParams.get('state')).toBe(
      address.searchParams.get('state'),
    );
    expect(address.searchParams.get('code_challenge_method')).toBe('S256');
    expect(address.searchParams.get('redirect_uri')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/callback$/,
    );
    expect(JSON.parse(login.stdout())).toMatchObject({
      profile: 'default',
      kind: 'oauth',
      url: gateway,
      company: { name: 'CLI OAuth Co' },
    });

    const file = await stored();
    const credential = file.profiles.default;
    expect(credential).toMatchObject({
      kind: 'oauth',
      token: expect.stringMatching(/^cwa_/),
      refresh_token: expect.stringMatching(/^cwr_/),
      client_id: expect.stringMatching(/^cwc_/),
    });
    expect(file.oauth_clients.default).toMatchObject({
      client_id: credential.client_id,
      redirect_uri: address.searchParams.get('redirect_uri'),
      signed_in: true,
    });
    expect((await stat(credentialsPath)).mode & 0o777).toBe(0o600);
    for (const secret of [credential.token, credential.refresh_token!]) {
      expect(login.stdout()).not.toContain(secret);
      expect(login.stderr()).not.toContain(secret);
    }
    const whoami = await runCw(['whoami', '--json'], { env: env() });
    expect(whoami.code).toBe(0);
    expect(whoami.json()).toMatchObject({ credential: { kind: 'oauth', source: 'profile' } });

    // The client registered once for the profile: signing in again reuses it.
    const again = await browserLogin();
    expect(again.code).toBe(0);
    expect((await stored()).profiles.default.client_id).toBe(credential.client_id);
  }, 120_000);

  it('refreshes an access token that expired, and once after a 401; two cw at once spend the refresh token once', async () => {
    const before = (await stored()).profiles.default;
    await changeStored((file) => {
      file.profiles.default.expires_at = new Date(Date.now() - 1000).toISOString();
    });
    const expired = await runCw(['whoami', '--json'], { env: env() });
    expect(expired.code).toBe(0);
    const afterExpiry = (await stored()).profiles.default;
    expect(afterExpiry.token).not.toBe(before.token);
    expect(afterExpiry.refresh_token).not.toBe(before.refresh_token);
    expect(Date.parse(afterExpiry.expires_at!)).toBeGreaterThan(Date.now() + 86_400_000);

    // A token the server no longer takes: the 401 gets one refresh and one retry.
    await changeStored((file) => {
      file.profiles.default.token = `cwa_${randomBytes(24).toString('base64url')}`;
    });
    const rejected = await runCw(['wiki', 'search', 'anything', '--json'], { env: env() });
    expect({ code: rejected.code, stderr: rejected.stderr }).toEqual({ code: 0, stderr: '' });
    const afterRejection = (await stored()).profiles.default;
    expect(afterRejection.refresh_token).not.toBe(afterExpiry.refresh_token);

    // Presenting a spent refresh token would end the whole sign-in; under the lock it is not.
    await changeStored((file) => {
      file.profiles.default.expires_at = new Date(Date.now() - 1000).toISOString();
    });
    const parallel = await Promise.all(
      [1, 2, 3].map(() => runCw(['whoami', '--json'], { env: env() })),
    );
    expect(parallel.map((result) => result.code)).toEqual([0, 0, 0]);
    const finalToken = (await stored()).profiles.default.token;
    const summary = await fetch(`${gateway}/api/home/summary?limit=1`, {
      headers: { authorization: `Bearer ${finalToken}` },
    });
    expect(summary.status).toBe(200);
  }, 60_000);

  it('logs out by revoking the sign-in: neither token works afterwards', async () => {
    const credential = (await stored()).profiles.default;
    const logout = await runCw(['logout', '--json'], { env: env() });
    expect(logout.code).toBe(0);
    expect(logout.json()).toEqual({ profile: 'default', removed: true, revoked: true });
    const summary = await fetch(`${gateway}/api/home/summary?limit=1`, {
      headers: { authorization: `Bearer ${credential.token}` },
    });
    expect(summary.status).toBe(401);
    const refresh = await fetch(`${gateway}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: credential.client_id!,
        refresh_token: credential.refresh_token!,
      }).toString(),
    });
    expect(refresh.status).toBe(400);
    expect((await stored()).profiles.default).toBeUndefined();
    const after = await runCw(['whoami'], { env: env() });
    expect(after.code).toBe(3);
  }, 60_000);

  it('on a terminal: the password prompt of cw keys create, then the --wait progress bar of cw run', async () => {
    const created = await runCwOnPty(
      [
        'keys',
        'create',
        '--name',
        'terminal key',
        '--scopes',
        'workflows:read,workflows:run',
        '--email',
        person.email,
        '--json',
      ],
      env(),
      [{ after: /Password for/, type: `${PASSWORD}\r` }],
    );
    expect(created.code).toBe(0);
    expect(created.screen).toContain(`Password for ${person.email}`);
    expect(created.screen).toContain('*'.repeat(PASSWORD.length));
    expect(created.screen).not.toContain(PASSWORD);
    const token = /"token":\s*"(cwk_[A-Za-z0-9_-]+)"/.exec(created.screen)?.[1];
    expect(token).toBeDefined();

    const designed = await call<{ workflow: { id: string } }>(
      gateway,
      'POST',
      '/api/workflows/blocks/design',
      {
        cookie: person.cookie,
        body: {
          start_as: 'active',
          intent: {
            name: 'Terminal greeting',
            inputs: [{ name: 'topic', type: 'text', required: true }],
            steps: [
              { id: 'first', block: 'text.compose', template: 'Hello {{inputs.topic}}' },
              { id: 'last', block: 'text.compose', template: 'Bye {{inputs.topic}}' },
            ],
            deliverables: [{ name: 'result', required: true, from_step: 'last' }],
            budget: {},
          },
        },
      },
    );
    expect(designed.status).toBe(201);
    const run = await runCwOnPty(
      ['run', designed.body.workflow.id, '--input', 'topic=terminal', '--wait'],
      { CW_URL: gateway, CW_TOKEN: token, XDG_CONFIG_HOME: configHome },
    );
    expect(run.code).toBe(0);
    // cli-progress's bar on the terminal (cursor hidden, redrawn from column 1), not the lines
    // cw prints without a terminal; how many draws precede the last depends on the run's pace.
    const escape = String.fromCharCode(27);
    expect(run.screen).toContain(`${escape}[?25l`);
    expect(run.screen).toContain(`${escape}[1G ${'='.repeat(24)} 2/2 steps | completed |`);
    expect(run.screen).not.toContain('completed: 2/2 steps');
  }, 90_000);
});
