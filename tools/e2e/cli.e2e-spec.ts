import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, createApiKey, signInTestPerson, type SignedInTestPerson } from '@cw/testing';
import { CW_BIN, type CwResult, runCw, SCRIPTED_EDITOR } from './cli/cw-runner';
import { startDroppingProxy } from './cli/dropping-proxy';
import { type E2eSystem, setPasswordWithAdminCli, startE2eSystem } from './e2e-system';

const PASSWORD = 'correct horse battery staple';
const SIX_SCOPES = [
  'wiki:read',
  'wiki:write',
  'workflows:read',
  'workflows:run',
  'workflows:write',
  'ops:read',
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A hook receiver that refuses every delivery with 400: each one ends `failed`, replayable. */
async function startRefusingReceiver(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(400).end('no'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server };
}

describe('the cw binary against the six processes', () => {
  let system: E2eSystem;
  let gateway: string;
  let person: SignedInTestPerson;
  let key: string;
  let configHome: string;
  let receiver: Awaited<ReturnType<typeof startRefusingReceiver>>;

  /** cw with this test's config folder and server; `env` adds or overrides variables. */
  const cw = (
    args: string[],
    options: { stdin?: string; env?: Record<string, string | undefined> } = {},
  ): Promise<CwResult> =>
    runCw(args, {
      stdin: options.stdin,
      env: { XDG_CONFIG_HOME: configHome, CW_URL: gateway, ...options.env },
    });

  const expectOk = (result: CwResult): CwResult => {
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    return result;
  };

  const designWorkflow = async (name: string, steps: unknown[]): Promise<string> => {
    const designed = await call<{ workflow: { id: string } }>(
      gateway,
      'POST',
      '/api/workflows/blocks/design',
      {
        cookie: person.cookie,
        body: {
          start_as: 'active',
          intent: {
            name,
            inputs: [
              { name: 'topic', type: 'text', required: true },
              { name: 'count', type: 'number', required: false },
            ],
            steps,
            deliverables: [{ name: 'result', required: true, from_step: 'last' }],
            budget: {},
          },
        },
      },
    );
    expect(designed.status).toBe(201);
    return designed.body.workflow.id;
  };

  beforeAll(async () => {
    receiver = await startRefusingReceiver();
    configHome = await mkdtemp(join(tmpdir(), 'cw-e2e-config-'));
    system = await startE2eSystem('cli', { env: { HOOKS_ALLOW_LOOPBACK_FOR_TESTS: 'true' } });
    gateway = system.gatewayUrl;
    person = await signInTestPerson(gateway, { company: 'CLI e2e Co', role: 'admin' });
    await setPasswordWithAdminCli(system, {
      email: person.email,
      name: 'CLI Person',
      password: PASSWORD,
    });
    key = await createApiKey(gateway, person.cookie, SIX_SCOPES, 'cw e2e');
  }, 180_000);

  afterAll(async () => {
    receiver?.server.close();
    await system?.stop();
    if (configHome) await rm(configHome, { recursive: true, force: true });
  });

  it('signs in with a key from stdin, stores it with mode 0600 and never prints it', async () => {
    const login = expectOk(await cw(['login', '--with-key', '--json'], { stdin: `${key}\n` }));
    expect(login.json()).toMatchObject({
      profile: 'default',
      url: gateway,
      kind: 'api_key',
      company: { name: 'CLI e2e Co' },
    });
    const file = join(configHome, 'cw', 'credentials.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(configHome, 'cw'))).mode & 0o777).toBe(0o700);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      profiles: { default: { token: key, url: gateway } },
    });

    const whoami = expectOk(await cw(['whoami', '--json']));
    expect(whoami.json()).toMatchObject({
      profile: 'default',
      url: gateway,
      credential: { source: 'profile', kind: 'api_key', token_prefix: key.slice(0, 8) + '…' },
      company: { id: person.companyId, name: 'CLI e2e Co' },
    });
    const human = expectOk(await cw(['whoami']));
    for (const output of [login.stdout, whoami.stdout, human.stdout])
      expect(output).not.toContain(key);
    expect(human.stdout).toContain('CLI e2e Co');
  });

  it('tells a caller without a credential, or with a refused one, to run cw login', async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), 'cw-e2e-empty-'));
    try {
      const none = await cw(['whoami'], { env: { XDG_CONFIG_HOME: elsewhere } });
      expect(none.code).toBe(3);
      expect(none.stderr).toContain('cw login');
      const refused = await cw(['wiki', 'search', 'x', '--json'], {
        env: { XDG_CONFIG_HOME: elsewhere, CW_TOKEN: `cwk_${'x'.repeat(40)}` },
      });
      expect(refused.code).toBe(3);
      const { error } = JSON.parse(refused.stderr) as {
        error: { code: string; request_id: string; hint: string };
      };
      expect(error).toMatchObject({
        code: 'AUTH_REQUIRED',
        hint: expect.stringContaining('cw login'),
      });
      expect(error.request_id).toBeTruthy();
      const human = await cw(['wiki', 'search', 'x'], {
        env: { XDG_CONFIG_HOME: elsewhere, CW_TOKEN: `cwk_${'x'.repeat(40)}` },
      });
      expect(human.stderr).toMatch(/code AUTH_REQUIRED, HTTP 401, request_id \S+/);
      expect(human.stderr).toContain('Run `cw login`');
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('creates, lists and revokes keys with a password from stdin; a missing scope is named', async () => {
    const created = expectOk(
      await cw(
        [
          'keys',
          'create',
          '--name',
          'read only',
          '--scopes',
          'wiki:read',
          '--email',
          person.email,
          '--json',
        ],
        { stdin: `${PASSWORD}\n` },
      ),
    ).json<{ id: string; token: string; scopes: string[]; token_prefix: string }>();
    expect(created).toMatchObject({ id: expect.stringMatching(UUID), scopes: ['wiki:read'] });
    expect(created.token.startsWith(created.token_prefix)).toBe(true);

    const listed = expectOk(
      await cw(['keys', 'list', '--email', person.email, '--json'], { stdin: PASSWORD }),
    ).json<{ api_keys: Array<{ id: string; token?: string }> }>();
    expect(listed.api_keys.map((each) => each.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain(created.token);

    const denied = await cw(['wiki', 'put', '/Private', '--title', 'Nope'], {
      stdin: 'text',
      env: { CW_TOKEN: created.token },
    });
    expect(denied.code).toBe(4);
    expect(denied.stderr).toContain('missing scope: wiki:write');

    const wrongPassword = await cw(['keys', 'list', '--email', person.email], { stdin: 'wrong' });
    expect(wrongPassword.code).toBe(3);

    expectOk(
      await cw(['keys', 'revoke', created.id, '--email', person.email, '--json'], {
        stdin: PASSWORD,
      }),
    );
    const afterRevoke = await cw(['wiki', 'search', 'x'], { env: { CW_TOKEN: created.token } });
    expect(afterRevoke.code).toBe(3);
  });

  it('puts, searches, reads, appends, replaces and removes a page', async () => {
    const put = expectOk(
      await cw(['wiki', 'put', '/Private/Notes', '--title', 'Release plan', '--json'], {
        stdin: '# Release plan\n\nShip on Friday.\n',
      }),
    ).json<{ outcome: string; page: { public_id: string; path: string }; version: number }>();
    expect(put).toMatchObject({
      outcome: 'created',
      page: { path: '/Private/Notes/Release plan' },
    });
    const id = put.page.public_id;

    const found = expectOk(await cw(['wiki', 'search', 'Friday', '--json'])).json<{
      results: Array<{ page_public_id: string }>;
    }>();
    expect(found.results.map((result) => result.page_public_id)).toContain(id);

    const byPath = expectOk(await cw(['wiki', 'read', '/Private/Notes/Release plan']));
    expect(byPath.stdout).toBe('# Release plan\n\nShip on Friday.\n');
    const read = expectOk(await cw(['wiki', 'read', id, '--json'])).json<{
      page: { current_version: number };
    }>();
    expect(read.page.current_version).toBe(1);

    const appended = expectOk(
      await cw(['wiki', 'append', id, '--json'], { stdin: '\nThen celebrate.\n' }),
    ).json<{ outcome: string; current_version: number }>();
    expect(appended).toMatchObject({ outcome: 'applied', current_version: 2 });

    const replaced = expectOk(
      await cw(['wiki', 'replace', id, '--find', 'Friday', '--replace', 'Monday', '--json']),
    ).json<{ outcome: string; current_version: number }>();
    expect(replaced).toMatchObject({ outcome: 'applied', current_version: 3 });
    const refused = await cw([
      'wiki',
      'replace',
      id,
      '--find',
      'Tuesday',
      '--replace',
      'x',
      '--json',
    ]);
    expect(refused.code).toBe(6);
    expect(refused.json()).toMatchObject({
      outcome: 'refused',
      refusal: { reason: 'anchor_absent' },
    });
    expect(expectOk(await cw(['wiki', 'read', id])).stdout).toContain('Ship on Monday.');

    const removed = expectOk(await cw(['wiki', 'rm', id, '--json'])).json();
    expect(removed).toMatchObject({ deleted: true });
    expect((await cw(['wiki', 'read', id])).code).toBe(5);
  });

  it('edits a page in $EDITOR, and on a newer version keeps the draft and shows the difference', async () => {
    const put = expectOk(
      await cw(['wiki', 'put', '/Private', '--title', 'Edited', '--json'], {
        stdin: 'first line\n',
      }),
    ).json<{ page: { public_id: string } }>();
    const id = put.page.public_id;
    const editor = `node ${SCRIPTED_EDITOR}`;

    const edited = expectOk(
      await cw(['wiki', 'edit', id, '--json'], {
        env: { EDITOR: editor, CW_TEST_EDIT: 'added in the editor\n' },
      }),
    ).json<{ outcome: string; current_version: number }>();
    expect(edited).toMatchObject({ outcome: 'applied', current_version: 2 });
    expect(expectOk(await cw(['wiki', 'read', id])).stdout).toBe(
      'first line\nadded in the editor\n',
    );

    const raced = await cw(['wiki', 'edit', id, '--json'], {
      env: {
        EDITOR: editor,
        CW_TEST_EDIT: 'my careful paragraph\n',
        CW_TEST_RACE_URL: `${gateway}/api/wiki/pages/${id}`,
        CW_TEST_RACE_TOKEN: key,
        CW_TEST_RACE_TEXT: 'someone else saved this\n',
      },
    });
    expect(raced.code).toBe(6);
    const conflict = raced.json<{
      outcome: string;
      draft_file: string;
      head_version: number;
      diff: string;
      save: { saved_draft_version: number | null };
    }>();
    expect(conflict).toMatchObject({ outcome: 'newer_version_available', head_version: 3 });
    expect(conflict.save.saved_draft_version).not.toBeNull();
    // Nothing lost: the draft file holds the text, the diff shows both sides, the head is theirs.
    expect(await readFile(conflict.draft_file, 'utf8')).toBe(
      'first line\nadded in the editor\nmy careful paragraph\n',
    );
    expect(conflict.diff).toContain('-someone else saved this');
    expect(conflict.diff).toContain('+my careful paragraph');
    expect(expectOk(await cw(['wiki', 'read', id])).stdout).toBe('someone else saved this\n');

    const human = await cw(['wiki', 'edit', id], {
      env: {
        EDITOR: editor,
        CW_TEST_EDIT: 'again\n',
        CW_TEST_RACE_URL: `${gateway}/api/wiki/pages/${id}`,
        CW_TEST_RACE_TOKEN: key,
        CW_TEST_RACE_TEXT: 'moved again\n',
      },
    });
    expect(human.code).toBe(6);
    expect(human.stderr).toMatch(/moved on to version 5.*Your text is kept/s);
    expect(human.stdout).toContain('+again');
  });

  it('lists and shows workflows, runs one with --wait to success, and exits 7 on a failed run', async () => {
    const workflowId = await designWorkflow('CLI greeting', [
      { id: 'last', block: 'text.compose', template: 'Hello {{inputs.topic}}' },
    ]);
    const failing = await designWorkflow('CLI failing', [
      { id: 'last', block: 'assert', that: false, message: 'meant to fail' },
    ]);
    const listed = expectOk(await cw(['workflows', 'list', '--json'])).json<{
      workflows: Array<{ id: string }>;
    }>();
    expect(listed.workflows.map((workflow) => workflow.id)).toEqual(
      expect.arrayContaining([workflowId, failing]),
    );
    const shown = expectOk(await cw(['workflows', 'show', workflowId, '--json'])).json();
    expect(shown).toMatchObject({ id: workflowId, inputs: [{ name: 'topic' }, { name: 'count' }] });

    const badInput = await cw(['run', workflowId, '--input', 'count=many']);
    expect(badInput.code).toBe(2);
    expect(badInput.stderr).toContain('input count is a number');

    const waited = expectOk(
      await cw([
        'run',
        workflowId,
        '--input',
        'topic=world',
        '--input',
        'count=2',
        '--wait',
        '--json',
      ]),
    ).json<{
      run_request_id: string;
      started: { run_id: string };
      run: { status: string; outcome: { status: string } };
    }>();
    expect(waited.run_request_id).toMatch(UUID);
    expect(waited.run).toMatchObject({ status: 'completed', outcome: { status: 'succeeded' } });
    const runId = waited.started.run_id;

    const run = expectOk(await cw(['runs', 'show', runId, '--json'])).json();
    expect(run).toMatchObject({ run_id: runId, status: 'completed' });
    const reports = expectOk(
      await cw(['reports', 'list', '--workflow', workflowId, '--json']),
    ).json<{
      reports: Array<{ id: string }>;
    }>();
    expect(reports.reports.map((report) => report.id)).toEqual([runId]);
    const report = expectOk(await cw(['reports', 'get', runId, '--json'])).json();
    expect(report).toMatchObject({
      id: runId,
      presentation: {
        outcome: { status: 'succeeded' },
        deliverables: [{ name: 'result', status: 'delivered' }],
      },
    });

    const failed = await cw(['run', failing, '--input', 'topic=x', '--wait', '--json']);
    expect(failed.code).toBe(7);
    expect(failed.json()).toMatchObject({ run: { status: 'failed' } });
  });

  it('retries a start whose answer was lost with the same run_request_id: one run', async () => {
    const workflowId = await designWorkflow('CLI interrupted', [
      { id: 'last', block: 'text.compose', template: 'once {{inputs.topic}}' },
    ]);
    const proxy = await startDroppingProxy(
      gateway,
      (method, path) => method === 'POST' && path.endsWith('/run'),
    );
    try {
      const result = await cw(['run', workflowId, '--input', 'topic=x', '--json'], {
        env: { CW_URL: proxy.url },
      });
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('trying again with the same run_request_id');
      const answer = result.json<{ run_request_id: string; started: { run_id: string } }>();
      expect(proxy.matched).toHaveLength(2);
      expect(proxy.matched).toEqual([
        expect.objectContaining({ run_request_id: answer.run_request_id }),
        expect.objectContaining({ run_request_id: answer.run_request_id }),
      ]);
      const reports = expectOk(
        await cw(['reports', 'list', '--workflow', workflowId, '--json']),
      ).json<{ reports: Array<{ id: string }> }>();
      expect(reports.reports.map((report) => report.id)).toEqual([answer.started.run_id]);
    } finally {
      await proxy.close();
    }
  });

  it('lists hooks and deliveries and replays a failed delivery at its current replay_count', async () => {
    const workflowId = await designWorkflow('CLI hooked', [
      { id: 'last', block: 'text.compose', template: 'hooked {{inputs.topic}}' },
    ]);
    const hook = await call<{ id: string }>(gateway, 'POST', '/api/report-hooks', {
      token: key,
      body: { target_url: receiver.url, workflow_public_id: workflowId },
    });
    expect(hook.status).toBe(201);
    // Without a terminal, --wait notes each change of progress on stderr, one line each.
    const waited = await cw(['run', workflowId, '--input', 'topic=x', '--wait']);
    expect(waited.code).toBe(0);
    expect(waited.stderr.trim().split('\n').pop()).toBe('completed: 1/1 steps');
    expect(waited.stdout).toMatch(/status\s+completed/);
    const deadline = Date.now() + 60_000;
    let delivery: { id: string; state: string; replay_count: number } | undefined;
    while (!delivery || delivery.state !== 'failed') {
      if (Date.now() > deadline) throw new Error(`no failed delivery: ${JSON.stringify(delivery)}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const listed = expectOk(await cw(['hooks', 'deliveries', hook.body.id, '--json'])).json<{
        deliveries: Array<{ id: string; state: string; replay_count: number }>;
      }>();
      delivery = listed.deliveries[0];
    }
    const hooks = expectOk(await cw(['hooks', 'list', '--json'])).json<{
      hooks: Array<{ id: string }>;
    }>();
    expect(hooks.hooks.map((each) => each.id)).toContain(hook.body.id);

    const replayed = expectOk(
      await cw(['hooks', 'replay', hook.body.id, delivery.id, '--json']),
    ).json();
    expect(replayed).toMatchObject({ id: delivery.id, replay_count: delivery.replay_count + 1 });
  });

  it('reports discovery: admitted operations and the scope a token lacks', async () => {
    const admitted = expectOk(await cw(['ops', 'runWorkflow', '--json'])).json<{
      operations: Array<{ operation_id: string; token_admitted: boolean }>;
    }>();
    expect(admitted.operations).toEqual([
      expect.objectContaining({ operation_id: 'runWorkflow', token_admitted: true }),
    ]);
    const readOnly = await createApiKey(gateway, person.cookie, ['wiki:read'], 'ops probe');
    const lacking = expectOk(
      await cw(['ops', 'runWorkflow', '--json'], { env: { CW_TOKEN: readOnly } }),
    ).json<{ operations: Array<{ token_admitted: boolean; missing_scopes: string[] }> }>();
    expect(lacking.operations[0]).toMatchObject({ token_admitted: false });
    expect(lacking.operations[0].missing_scopes.length).toBeGreaterThan(0);
    const human = expectOk(await cw(['ops', 'runWorkflow'], { env: { CW_TOKEN: readOnly } }));
    expect(human.stdout).toMatch(/runWorkflow\s+POST\s+\S+\s+no\s+.*missing/);
  });

  it('stops quietly when its reader closes the pipe early (cw … | head)', async () => {
    const child = spawn(process.execPath, [CW_BIN, 'ops', 'runWorkflow', '--json'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        XDG_CONFIG_HOME: configHome,
        CW_URL: gateway,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('signs out of the profile', async () => {
    const out = expectOk(await cw(['logout', '--json'])).json();
    expect(out).toEqual({ profile: 'default', removed: true, revoked: false });
    expect((await cw(['whoami'])).code).toBe(3);
  });
});
