import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, createApiKey, signInTestPerson, type SignedInTestPerson } from '@cw/testing';
import { type CwResult, runCw } from './cli/cw-runner';
import { type E2eSystem, startE2eSystem } from './e2e-system';

/** The changes feed answers only writes older than a settling second (docs/wiki-sharing-and-sync.md). */
const FEED_SETTLE_MS = 1_300;

interface SyncAnswer {
  actions: Array<{
    action: string;
    page_public_id: string;
    file: string;
    local_copy?: string;
    version?: number;
  }>;
  conflicts: number;
}

describe('cw sync against the six processes', () => {
  let system: E2eSystem;
  let gateway: string;
  let person: SignedInTestPerson;
  let key: string;
  let configHome: string;
  let dir: string;

  const cw = (args: string[]): Promise<CwResult> =>
    runCw(args, { env: { XDG_CONFIG_HOME: configHome, CW_URL: gateway, CW_TOKEN: key } });
  const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, FEED_SETTLE_MS));
  const sync = async (extra: string[] = [], code = 0): Promise<SyncAnswer> => {
    await settle();
    const result = await cw(['sync', dir, '--json', ...extra]);
    expect({ code: result.code, stderr: code === 0 ? result.stderr : '' }).toEqual({
      code,
      stderr: '',
    });
    return result.json<SyncAnswer>();
  };
  const local = (file: string): Promise<string> => readFile(join(dir, file), 'utf8');
  const exists = (file: string): Promise<boolean> =>
    stat(join(dir, file)).then(
      () => true,
      () => false,
    );

  const createPage = async (title: string, markdown: string): Promise<string> => {
    const created = await call<{ page: { public_id: string } }>(
      gateway,
      'POST',
      '/api/wiki/pages/upserts',
      { token: key, body: { path: '/Private/Sync', title, markdown } },
    );
    expect({ status: created.status, body: created.text }).toMatchObject({ status: 200 });
    return created.body.page.public_id;
  };
  const serverPage = async (
    id: string,
  ): Promise<{ content_md: string; current_version: number }> => {
    const read = await call<{ page: { content_md: string; current_version: number } }>(
      gateway,
      'GET',
      `/api/wiki/pages/${id}`,
      { token: key },
    );
    expect(read.status).toBe(200);
    return read.body.page;
  };
  const saveOnServer = async (id: string, title: string, markdown: string): Promise<void> => {
    const head = await serverPage(id);
    const saved = await call<{ outcome: string }>(gateway, 'PUT', `/api/wiki/pages/${id}/content`, {
      token: key,
      body: { title, markdown, expected_version: head.current_version, mutation_id: randomUUID() },
    });
    expect({ status: saved.status, outcome: saved.body.outcome }).toEqual({
      status: 200,
      outcome: 'applied',
    });
  };
  const actionOf = (answer: SyncAnswer, id: string) =>
    answer.actions.filter((entry) => entry.page_public_id === id);

  let alpha: string;
  let beta: string;
  let gamma: string;

  beforeAll(async () => {
    configHome = await mkdtemp(join(tmpdir(), 'cw-e2e-sync-config-'));
    dir = await mkdtemp(join(tmpdir(), 'cw-e2e-sync-dir-'));
    system = await startE2eSystem('cli-sync');
    gateway = system.gatewayUrl;
    person = await signInTestPerson(gateway, { company: 'CLI sync Co', role: 'admin' });
    key = await createApiKey(gateway, person.cookie, ['wiki:read', 'wiki:write'], 'cw sync');
    alpha = await createPage('Alpha', '# Alpha\n\nfirst\n');
    beta = await createPage('Beta', '# Beta\n\nfirst\n');
    gamma = await createPage('Gamma', '# Gamma\n\nfirst\n');
  }, 180_000);

  afterAll(async () => {
    await system?.stop();
    for (const folder of [configHome, dir])
      if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('mirrors the pages into Markdown files, and a second sync changes nothing', async () => {
    const first = await sync();
    for (const [id, file] of [
      [alpha, 'Private/Sync/Alpha.md'],
      [beta, 'Private/Sync/Beta.md'],
      [gamma, 'Private/Sync/Gamma.md'],
    ])
      expect(actionOf(first, id)).toEqual([expect.objectContaining({ action: 'created', file })]);
    expect(await local('Private/Sync/Alpha.md')).toBe('# Alpha\n\nfirst\n');
    const state = JSON.parse(await local('.cw-sync.json')) as { cursor: string; url: string };
    expect(state).toMatchObject({ url: gateway, cursor: expect.any(String) });
    const before = (await stat(join(dir, 'Private/Sync/Alpha.md'))).mtimeMs;

    const second = await sync();
    expect(second.actions).toEqual([]);
    expect((await stat(join(dir, 'Private/Sync/Alpha.md'))).mtimeMs).toBe(before);
    const human = await cw(['sync', dir]);
    expect(human.stdout).toContain('Up to date');
  });

  it('pulls a server edit, and --push sends a local edit with the version it came from', async () => {
    await saveOnServer(beta, 'Beta', '# Beta\n\nedited on the server\n');
    const pulled = await sync();
    expect(actionOf(pulled, beta)).toEqual([expect.objectContaining({ action: 'updated' })]);
    expect(await local('Private/Sync/Beta.md')).toBe('# Beta\n\nedited on the server\n');

    await writeFile(join(dir, 'Private/Sync/Alpha.md'), '# Alpha\n\nedited here\n');
    const pushed = await sync(['--push']);
    expect(actionOf(pushed, alpha)).toEqual([
      expect.objectContaining({ action: 'pushed', version: 2 }),
    ]);
    expect(await serverPage(alpha)).toMatchObject({
      content_md: '# Alpha\n\nedited here\n',
      current_version: 2,
    });
    // Its own change comes back through the feed at the version it already has: nothing to do.
    expect((await sync(['--push'])).actions).toEqual([]);
  });

  it('keeps both texts on a conflict, pushing or pulling, and says so', async () => {
    await saveOnServer(alpha, 'Alpha', '# Alpha\n\nserver meanwhile\n');
    await writeFile(join(dir, 'Private/Sync/Alpha.md'), '# Alpha\n\nlocal meanwhile\n');
    const pushed = await cw(['sync', dir, '--push', '--json']);
    expect(pushed.code).toBe(6);
    expect(pushed.stderr).toContain('1 conflict');
    expect(actionOf(pushed.json<SyncAnswer>(), alpha)).toEqual([
      expect.objectContaining({
        action: 'conflict',
        file: 'Private/Sync/Alpha.md',
        local_copy: 'Private/Sync/Alpha.local.md',
      }),
    ]);
    expect(await local('Private/Sync/Alpha.md')).toBe('# Alpha\n\nserver meanwhile\n');
    expect(await local('Private/Sync/Alpha.local.md')).toBe('# Alpha\n\nlocal meanwhile\n');
    expect((await serverPage(alpha)).content_md).toBe('# Alpha\n\nserver meanwhile\n');

    await saveOnServer(beta, 'Beta', '# Beta\n\nserver again\n');
    await writeFile(join(dir, 'Private/Sync/Beta.md'), '# Beta\n\nlocal again\n');
    const pulled = await sync([], 6);
    expect(actionOf(pulled, beta)).toEqual([
      expect.objectContaining({ action: 'conflict', local_copy: 'Private/Sync/Beta.local.md' }),
    ]);
    expect(await local('Private/Sync/Beta.md')).toBe('# Beta\n\nserver again\n');
    expect(await local('Private/Sync/Beta.local.md')).toBe('# Beta\n\nlocal again\n');

    // A second conflict on the same page never overwrites the first copy.
    await saveOnServer(beta, 'Beta', '# Beta\n\nserver third\n');
    await writeFile(join(dir, 'Private/Sync/Beta.md'), '# Beta\n\nlocal third\n');
    await sync([], 6);
    expect(await local('Private/Sync/Beta.local.md')).toBe('# Beta\n\nlocal again\n');
    expect(await local('Private/Sync/Beta.local-2.md')).toBe('# Beta\n\nlocal third\n');
  });

  it('follows a renamed page and removes a trashed one, keeping a file with local changes', async () => {
    await saveOnServer(beta, 'Beta renamed', '# Beta\n\nrenamed\n');
    const trash = async (id: string): Promise<void> => {
      const trashed = await call(gateway, 'DELETE', `/api/wiki/pages/${id}`, {
        token: key,
      });
      expect(trashed.status).toBe(200);
    };
    await trash(alpha);
    await writeFile(join(dir, 'Private/Sync/Gamma.md'), '# Gamma\n\nlocal notes\n');
    await trash(gamma);

    const answer = await sync();
    expect(actionOf(answer, beta)).toEqual([
      expect.objectContaining({ action: 'moved', file: 'Private/Sync/Beta renamed.md' }),
    ]);
    expect(await exists('Private/Sync/Beta.md')).toBe(false);
    expect(await local('Private/Sync/Beta renamed.md')).toBe('# Beta\n\nrenamed\n');
    expect(actionOf(answer, alpha)).toEqual([expect.objectContaining({ action: 'removed' })]);
    expect(await exists('Private/Sync/Alpha.md')).toBe(false);
    expect(await exists('Private/Sync/Alpha.local.md')).toBe(true);
    expect(actionOf(answer, gamma)).toEqual([expect.objectContaining({ action: 'kept' })]);
    expect(await local('Private/Sync/Gamma.md')).toBe('# Gamma\n\nlocal notes\n');

    expect((await sync()).actions).toEqual([]);
  });

  it('refuses a state file it did not write, and changes nothing', async () => {
    const other = await mkdtemp(join(tmpdir(), 'cw-e2e-sync-bad-'));
    try {
      await writeFile(join(other, '.cw-sync.json'), '{"format": 7}');
      const refused = await cw(['sync', other, '--json']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('not a cw sync state');
      expect(await readFile(join(other, '.cw-sync.json'), 'utf8')).toBe('{"format": 7}');
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});
