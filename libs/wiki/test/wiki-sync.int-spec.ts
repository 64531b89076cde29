import { randomBytes, randomUUID } from 'node:crypto';
import {
  call,
  createApiKey,
  createTestPage,
  type HttpResult,
  type SignedInTestPerson,
  signInTestPerson,
  type TestApp,
} from '@cw/testing';
import { DataSource } from 'typeorm';
import { startWikiTestApp } from './wiki-test-app';

jest.setTimeout(90_000);

interface Change {
  page_id: number;
  page_public_id: string;
  version: number;
  title: string;
  path: string;
  updated_at: string;
  deleted: boolean;
}

interface Feed {
  changes: Change[];
  next_cursor: string | null;
  has_more: boolean;
}

interface Page {
  id: number;
  public_id: string;
  current_version: number;
  title: string;
}

interface Credential {
  cookie?: string;
  token?: string;
}

const CHANGES = '/api/wiki/sync/v2/changes';
const BATCH = '/api/wiki/sync/v2/pages/batch';

function company(): string {
  return `Sync Co ${randomBytes(3).toString('hex')}`;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('wiki sync v2 (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    server = await startWikiTestApp();
    dataSource = server.app.get(DataSource);
  });
  afterAll(() => server.close());

  async function createPage(
    person: SignedInTestPerson,
    title: string,
    path?: string,
  ): Promise<Page> {
    const body = await createTestPage<{ page: Page }>(server.baseUrl, person, {
      title,
      markdown: `Body of ${title}`,
      path,
    });
    return body.page;
  }

  async function feed(
    credential: Credential,
    cursor: string | null,
    limit: number,
    baseUrl = server.baseUrl,
  ): Promise<HttpResult<Feed>> {
    const query = new URLSearchParams({ limit: String(limit) });
    if (cursor) query.set('cursor', cursor);
    return call<Feed>(baseUrl, 'GET', `${CHANGES}?${query.toString()}`, credential);
  }

  /** Pages through the feed until it has nothing more right now. */
  async function drain(
    credential: Credential,
    cursor: string | null,
    limit = 7,
  ): Promise<{ changes: Change[]; cursor: string | null }> {
    const changes: Change[] = [];
    for (;;) {
      const result = await feed(credential, cursor, limit);
      expect(result.status).toBe(200);
      expect(result.body.changes.length).toBeLessThanOrEqual(limit);
      changes.push(...result.body.changes);
      cursor = result.body.next_cursor;
      if (!result.body.has_more) return { changes, cursor };
    }
  }

  /** Keeps syncing until `done` holds for what was seen (the feed trails now by a second). */
  async function syncUntil(
    credential: Credential,
    cursor: string | null,
    done: (changes: Change[]) => boolean,
  ): Promise<{ changes: Change[]; cursor: string | null }> {
    const seen: Change[] = [];
    const deadline = Date.now() + 15_000;
    for (;;) {
      const step = await drain(credential, cursor);
      seen.push(...step.changes);
      cursor = step.cursor;
      if (done(seen) || Date.now() > deadline) return { changes: seen, cursor };
      await sleep(150);
    }
  }

  function latestById(changes: Change[]): Map<number, Change> {
    const latest = new Map<number, Change>();
    for (const change of changes) latest.set(change.page_id, change);
    return latest;
  }

  it('feeds every page in reach once, in order, and never another person’s private or team pages', async () => {
    const name = company();
    const reader = await signInTestPerson(server.baseUrl, { company: name });
    const other = await signInTestPerson(server.baseUrl, { company: name, teams: ['Ops'] });
    const expected: Page[] = [];
    for (let i = 0; i < 12; i += 1) expected.push(await createPage(reader, `Mine ${i}`));
    for (let i = 0; i < 12; i += 1)
      expected.push(await createPage(other, `Shared ${i}`, '/Company/Shared'));
    const hidden = [
      await createPage(other, 'Their diary'),
      await createPage(other, 'Ops runbook', '/Teams/Ops'),
    ];
    const hiddenTrashed = await createPage(other, 'Their trashed note');
    await call(server.baseUrl, 'DELETE', `/api/wiki/pages/${hiddenTrashed.id}`, {
      cookie: other.cookie,
    });
    const outsider = await signInTestPerson(server.baseUrl, { company: company() });
    await createPage(outsider, 'Elsewhere', '/Company');

    const token = await createApiKey(server.baseUrl, reader.cookie, ['wiki:read']);
    const wanted = new Set(expected.map((page) => page.id));
    const { changes } = await syncUntil({ token }, null, (seen) =>
      [...wanted].every((id) => seen.some((change) => change.page_id === id)),
    );

    expect(changes.map((change) => change.page_id).sort((a, b) => a - b)).toEqual(
      [...wanted].sort((a, b) => a - b),
    );
    const invisible = new Set([...hidden, hiddenTrashed].map((page) => page.id));
    expect(changes.filter((change) => invisible.has(change.page_id))).toEqual([]);
    for (let i = 1; i < changes.length; i += 1) {
      expect(Date.parse(changes[i].updated_at)).toBeGreaterThanOrEqual(
        Date.parse(changes[i - 1].updated_at),
      );
    }
    const first = changes.find((change) => change.page_id === expected[0].id)!;
    expect(first).toEqual({
      page_id: expected[0].id,
      page_public_id: expected[0].public_id,
      version: 1,
      title: 'Mine 0',
      path: '/Private/Inbox/Mine 0',
      updated_at: expect.any(String),
      deleted: false,
    });
    expect(changes.find((change) => change.page_id === expected[12].id)).toMatchObject({
      path: '/Company/Shared/Shared 0',
    });
  });

  it('has no duplicates and no gaps while pages are edited in parallel, also by late commits', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const pages: Page[] = [];
    for (let i = 0; i < 30; i += 1) pages.push(await createPage(person, `Busy ${i}`, '/Company'));
    const [late, ...edited] = pages;

    let editing = true;
    const editor = async (worker: number): Promise<number> => {
      let saves = 0;
      const mine = edited.filter((_page, index) => index % 4 === worker);
      const versions = new Map(mine.map((page) => [page.id, page.current_version]));
      while (editing) {
        const page = mine[saves % mine.length];
        const result = await call<{ current_version: number }>(
          server.baseUrl,
          'PUT',
          `/api/wiki/pages/${page.id}/content`,
          {
            cookie: person.cookie,
            body: {
              title: `Busy ${page.id} rev ${saves}`,
              markdown: `rev ${saves}`,
              expected_version: versions.get(page.id),
              mutation_id: randomUUID(),
            },
          },
        );
        expect(result.status).toBe(200);
        versions.set(page.id, result.body.current_version);
        saves += 1;
      }
      return saves;
    };

    // A writer whose transaction starts now and commits only after other saves have committed
    // with later timestamps and the client has synced past them: its row carries the older
    // start time, which a naive cursor would already have passed.
    const lateWriter = async (): Promise<void> => {
      const runner = dataSource.createQueryRunner();
      await runner.connect();
      try {
        await runner.startTransaction();
        await runner.query(
          `UPDATE wiki.pages SET title = 'Late title', updated_at = now() WHERE id = $1`,
          [late.id],
        );
        await sleep(2500);
        await runner.commitTransaction();
      } finally {
        await runner.release();
      }
    };

    const seen: Change[] = [];
    let cursor: string | null = null;
    const client = async (): Promise<void> => {
      while (editing) {
        const step = await drain({ cookie: person.cookie }, cursor, 5);
        seen.push(...step.changes);
        cursor = step.cursor;
        await sleep(50);
      }
    };

    const work = Promise.all([0, 1, 2, 3].map(editor));
    const syncing = client();
    await lateWriter();
    await sleep(1000);
    editing = false;
    const saves = await work;
    await syncing;
    expect(saves.reduce((sum, each) => sum + each, 0)).toBeGreaterThan(20);

    const rows: { id: string; title: string; current_version: number; updated_at: Date }[] =
      await dataSource.query(
        'SELECT id, title, current_version, updated_at FROM wiki.pages WHERE id = ANY($1::bigint[])',
        [pages.map((page) => page.id)],
      );
    const finalState = (changes: Change[]): boolean => {
      const latest = latestById(changes);
      return rows.every(
        (row) => latest.get(Number(row.id))?.updated_at === row.updated_at.toISOString(),
      );
    };
    const rest = await syncUntil({ cookie: person.cookie }, cursor, (more) =>
      finalState([...seen, ...more]),
    );
    seen.push(...rest.changes);

    const keys = seen.map((change) => `${change.page_id}@${change.updated_at}`);
    expect(keys.length - new Set(keys).size).toBe(0);
    const latest = latestById(seen);
    for (const row of rows) {
      expect(latest.get(Number(row.id))).toMatchObject({
        title: row.title,
        version: row.current_version,
        updated_at: row.updated_at.toISOString(),
      });
    }
    expect(latest.get(late.id)?.title).toBe('Late title');
    for (let i = 1; i < seen.length; i += 1) {
      expect(Date.parse(seen[i].updated_at)).toBeGreaterThanOrEqual(
        Date.parse(seen[i - 1].updated_at),
      );
    }
  });

  it('reports a trashed page as deleted after the cursor, and a restored one as live again', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const page = await createPage(person, 'Soon gone');
    const keep = await createPage(person, 'Staying');
    const credential = { cookie: person.cookie };
    const start = await syncUntil(credential, null, (seen) =>
      seen.some((change) => change.page_id === keep.id),
    );

    const trashed = await call(server.baseUrl, 'DELETE', `/api/wiki/pages/${page.id}`, credential);
    expect(trashed.status).toBe(200);
    const afterTrash = await syncUntil(credential, start.cursor, (seen) =>
      seen.some((change) => change.page_id === page.id),
    );
    expect(afterTrash.changes).toEqual([
      expect.objectContaining({ page_id: page.id, deleted: true, title: 'Soon gone' }),
    ]);

    const restored = await call(
      server.baseUrl,
      'POST',
      `/api/wiki/trash/${page.id}/restore`,
      credential,
    );
    expect(restored.status).toBe(200);
    const afterRestore = await syncUntil(credential, afterTrash.cursor, (seen) =>
      seen.some((change) => change.page_id === page.id),
    );
    expect(afterRestore.changes).toEqual([
      expect.objectContaining({ page_id: page.id, deleted: false }),
    ]);
  });

  it('keeps the cursor when nothing changed, and refuses bad cursors and limits with 400', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const credential = { cookie: person.cookie };
    const empty = await feed(credential, null, 10);
    expect(empty.body).toEqual({ changes: [], next_cursor: null, has_more: false });
    await createPage(person, 'Only page');
    const synced = await syncUntil(credential, null, (seen) => seen.length === 1);
    expect(synced.cursor).toEqual(expect.any(String));
    const again = await feed(credential, synced.cursor, 10);
    expect(again.body).toEqual({ changes: [], next_cursor: synced.cursor, has_more: false });

    const forged = Buffer.from(JSON.stringify({ v: 1, t: 'yesterday', id: '1' })).toString(
      'base64url',
    );
    for (const cursor of ['%%%', 'bm90IGpzb24', forged]) {
      const refused = await call(
        server.baseUrl,
        'GET',
        `${CHANGES}?cursor=${encodeURIComponent(cursor)}`,
        credential,
      );
      expect({ cursor, status: refused.status }).toEqual({ cursor, status: 400 });
      expect(refused.body).toMatchObject({
        error: { code: 'VALIDATION_ERROR', details: { field: 'cursor' } },
      });
    }
    for (const limit of ['0', '501', 'ten']) {
      const refused = await call(server.baseUrl, 'GET', `${CHANGES}?limit=${limit}`, credential);
      expect({ limit, status: refused.status }).toEqual({ limit, status: 400 });
    }
  });

  it('admits tokens with wiki:read and refuses tokens without it', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const reader = await createApiKey(server.baseUrl, person.cookie, ['wiki:read']);
    const writer = await createApiKey(server.baseUrl, person.cookie, ['wiki:write']);
    const runner = await createApiKey(server.baseUrl, person.cookie, ['workflows:read']);
    expect((await feed({ token: reader }, null, 5)).status).toBe(200);
    expect((await feed({ token: writer }, null, 5)).status).toBe(200);
    const refused = await feed({ token: runner }, null, 5);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { details: { error: 'insufficient_scope' } } });
    const batch = await call(server.baseUrl, 'POST', BATCH, {
      token: runner,
      body: { page_ids: [1] },
    });
    expect(batch.status).toBe(403);
    expect((await call(server.baseUrl, 'GET', CHANGES)).status).toBe(401);
  });

  it('reads pages in a batch: content where readable, metadata only where restricted, the rest missing', async () => {
    const name = company();
    const person = await signInTestPerson(server.baseUrl, { company: name });
    const other = await signInTestPerson(server.baseUrl, { company: name });
    const mine = await createPage(person, 'Notes');
    const shared = await createPage(other, 'Handbook', '/Company');
    const restricted = await createPage(other, 'Pay bands', '/Company/HR');
    await dataSource.query('UPDATE wiki.pages SET restricted = true WHERE id = $1', [
      restricted.id,
    ]);
    const theirs = await createPage(other, 'Private thoughts');
    const trashed = await createPage(person, 'Binned');
    await call(server.baseUrl, 'DELETE', `/api/wiki/pages/${trashed.id}`, {
      cookie: person.cookie,
    });
    const unknown = randomUUID();
    const token = await createApiKey(server.baseUrl, person.cookie, ['wiki:read']);

    const result = await call<{ pages: Record<string, unknown>[]; missing: unknown[] }>(
      server.baseUrl,
      'POST',
      BATCH,
      {
        token,
        body: {
          page_ids: [
            mine.public_id,
            shared.id,
            String(restricted.id),
            theirs.public_id,
            trashed.id,
            unknown,
            mine.id,
          ],
        },
      },
    );
    expect(result.status).toBe(200);
    expect(result.body.missing).toEqual([theirs.public_id, trashed.id, unknown]);
    expect(result.body.pages).toEqual([
      {
        page_id: mine.id,
        page_public_id: mine.public_id,
        version: 1,
        title: 'Notes',
        path: '/Private/Inbox/Notes',
        updated_at: expect.any(String),
        content_md: 'Body of Notes',
        access: { can_edit: true, can_comment: true, can_delete: true, restricted: false },
      },
      expect.objectContaining({
        page_id: shared.id,
        content_md: 'Body of Handbook',
        path: '/Company/Handbook',
      }),
      {
        page_id: restricted.id,
        page_public_id: restricted.public_id,
        version: 1,
        title: 'Pay bands',
        path: '/Company/HR/Pay bands',
        updated_at: expect.any(String),
        access: null,
      },
    ]);
    expect(result.text).not.toContain('Body of Pay bands');
    expect(result.text).not.toContain('Body of Private thoughts');

    // The feed lists the restricted page's metadata, never content.
    const { changes } = await syncUntil({ token }, null, (seen) =>
      seen.some((change) => change.page_id === restricted.id),
    );
    expect(changes.find((change) => change.page_id === restricted.id)).toMatchObject({
      title: 'Pay bands',
    });
    expect(JSON.stringify(changes)).not.toContain('Body of');

    for (const page_ids of [
      [],
      ['not-an-id'],
      [0],
      [1.5],
      [true],
      Array.from({ length: 101 }, (_value, index) => index + 1),
    ]) {
      const refused = await call(server.baseUrl, 'POST', BATCH, { token, body: { page_ids } });
      expect({ page_ids, status: refused.status }).toEqual({ page_ids, status: 400 });
      expect(refused.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
    const hundred = await call(server.baseUrl, 'POST', BATCH, {
      token,
      body: { page_ids: Array.from({ length: 100 }, () => mine.id) },
    });
    expect(hundred.status).toBe(200);
  });

  it('describes both routes in OpenAPI with scope wiki:read and their schemas', async () => {
    const { body } = await call<{
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>(server.baseUrl, 'GET', '/openapi.json');
    expect(body.paths[CHANGES].get).toMatchObject({
      operationId: 'listWikiSyncChanges',
      'x-service': { authentication: 'person', required_scopes: ['wiki:read'] },
      responses: { '429': expect.anything() },
    });
    const batch = body.paths[BATCH].post;
    expect(batch).toMatchObject({
      operationId: 'readWikiSyncPages',
      'x-service': { required_scopes: ['wiki:read'] },
    });
    expect(JSON.stringify(batch.requestBody)).toContain('SyncBatchRequestDto');
  });

  describe('saturation (SYNC_MAX_IN_FLIGHT=1)', () => {
    let busy: TestApp;
    let person: SignedInTestPerson;

    beforeAll(async () => {
      busy = await startWikiTestApp({
        database: server.database,
        env: { SYNC_MAX_IN_FLIGHT: '1', SYNC_MAX_QUEUED: '2' },
      });
      person = await signInTestPerson(busy.baseUrl, { company: company() });
      for (let i = 0; i < 5; i += 1) await createPage(person, `Load ${i}`);
    });
    afterAll(() => busy.close());

    it('answers some parallel requests 429 with Retry-After at once, none 500, and recovers', async () => {
      const results = await Promise.all(
        Array.from({ length: 40 }, (_value, index) =>
          index % 4 === 0
            ? call(busy.baseUrl, 'POST', BATCH, {
                cookie: person.cookie,
                body: { page_ids: [1, 2, 3] },
              })
            : feed({ cookie: person.cookie }, null, 500, busy.baseUrl),
        ),
      );
      const statuses = results.map((result) => result.status);
      expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
      expect(statuses).toContain(200);
      const refused = results.filter((result) => result.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      for (const each of refused) {
        expect(each.headers.get('retry-after')).toBe('1');
        expect(each.body).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
      }

      // Failed requests give their slot back too: with one slot, a leak would show at once.
      for (let i = 0; i < 5; i += 1) {
        const bad = await call(busy.baseUrl, 'GET', `${CHANGES}?cursor=broken`, {
          cookie: person.cookie,
        });
        expect(bad.status).toBe(400);
      }
      expect((await feed({ cookie: person.cookie }, null, 5, busy.baseUrl)).status).toBe(200);
    });

    it('leaves the other wiki routes alone', async () => {
      const page = await createPage(person, 'Unthrottled');
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          call(busy.baseUrl, 'GET', `/api/wiki/pages/${page.id}`, { cookie: person.cookie }),
        ),
      );
      expect(results.map((result) => result.status)).toEqual(new Array(20).fill(200));
    });
  });
});
