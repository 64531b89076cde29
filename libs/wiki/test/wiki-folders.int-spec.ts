import { randomUUID } from 'node:crypto';
import {
  call,
  createApiKey,
  createTestPage,
  type SignedInTestPerson,
  signInTestPerson,
  type TestApp,
} from '@cw/testing';
import { DataSource } from 'typeorm';
import { startWikiTestApp } from './wiki-test-app';

interface PageView {
  id: number;
  public_id: string;
  title: string;
  path: string;
  lane: string;
  current_version: number;
}

interface Entry {
  type: 'folder' | 'page';
  id: string | number | null;
  path: string;
  lane: string;
  lane_root?: boolean;
  can_read?: boolean;
}

/** The fields these tests read; each route answers a subset of them. */
interface Body {
  error: { code: string; message: string; details?: Record<string, unknown> };
  created: boolean;
  folder: Entry;
  items: Entry[];
  has_more: boolean;
  next_offset: number | null;
  outcome: string;
  page: PageView;
}

describe('wiki folders and page moves (one process, real PostgreSQL)', () => {
  let server: TestApp;
  let db: DataSource;
  let alice: SignedInTestPerson;
  let bob: SignedInTestPerson;
  let outsider: SignedInTestPerson;

  const as = (person: SignedInTestPerson, method: string, path: string, body?: unknown) =>
    call<Body>(server.baseUrl, method, path, { cookie: person.cookie, body });
  const q = (path: string) => encodeURIComponent(path);

  async function createPage(
    person: SignedInTestPerson,
    path: string,
    title: string,
    markdown = `# ${title}`,
  ): Promise<PageView> {
    const body = await createTestPage<{ page: PageView }>(server.baseUrl, person, {
      title,
      markdown,
      path,
    });
    return body.page;
  }

  async function folderRows(): Promise<{ path: string; deleted: boolean }[]> {
    return db.query(
      `SELECT path, deleted_at IS NOT NULL AS deleted FROM wiki.folders WHERE company_id = $1 ORDER BY path`,
      [alice.companyId],
    );
  }

  /** Every page's folder_path equals its folder's path: no move ever leaves one behind. */
  async function expectPagePathsConsistent(): Promise<void> {
    const stale: unknown[] = await db.query(
      `SELECT p.id, p.folder_path, f.path FROM wiki.pages p JOIN wiki.folders f ON f.id = p.folder_id
        WHERE lower(p.folder_path) <> lower(f.path)`,
    );
    expect(stale).toEqual([]);
    const orphans: unknown[] = await db.query(
      `SELECT c.path, f.path AS parent FROM wiki.folders c JOIN wiki.folders f ON f.id = c.parent_id
        WHERE lower(c.path) <> lower(f.path || '/' || c.name)`,
    );
    expect(orphans).toEqual([]);
  }

  beforeAll(async () => {
    server = await startWikiTestApp();
    db = server.app.get(DataSource);
    alice = await signInTestPerson(server.baseUrl, { company: 'Folder Co', teams: ['Ops'] });
    bob = await signInTestPerson(server.baseUrl, { company: 'Folder Co' });
    outsider = await signInTestPerson(server.baseUrl, { company: 'Other Co', teams: ['Ops'] });
  });
  afterAll(() => server.close());

  describe('POST /api/wiki/folders', () => {
    it('creates a folder with its missing parents (201), then answers 200 with the same folder', async () => {
      const first = await as(alice, 'POST', '/api/wiki/folders', { path: '/Company/Guides/Setup' });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        created: true,
        folder: {
          type: 'folder',
          name: 'Setup',
          path: '/Company/Guides/Setup',
          lane: 'company',
          lane_root: false,
        },
      });
      const again = await as(alice, 'POST', '/api/wiki/folders', { path: '/Company/guides/setup' });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ created: false, folder: { id: first.body.folder.id } });
      expect(again.body.folder.path).toBe('/Company/Guides/Setup');
      const rows = await folderRows();
      expect(rows.filter((row) => row.path.startsWith('/Company/Guides'))).toEqual([
        { path: '/Company/Guides', deleted: false },
        { path: '/Company/Guides/Setup', deleted: false },
      ]);
    });

    it('converges 10 parallel creates of one path on one folder: one 201, nine 200', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          as(alice, 'POST', '/api/wiki/folders', { path: '/Company/Parallel/Deep/Leaf' }),
        ),
      );
      expect(results.map((result) => result.status).sort()).toEqual([
        200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
      ]);
      expect(new Set(results.map((result) => result.body.folder.id)).size).toBe(1);
      const [{ count }] = await db.query(
        `SELECT count(*)::int AS count FROM wiki.folders
          WHERE company_id = $1 AND lower(path) LIKE '/company/parallel%' AND deleted_at IS NULL`,
        [alice.companyId],
      );
      expect(count).toBe(3);
    });

    it('refuses lane roots, malformed paths, unknown fields and other lanes, changing nothing', async () => {
      const before = await folderRows();
      const cases: [unknown, number, string][] = [
        [{ path: '/Company' }, 400, 'BAD_REQUEST'],
        [{ path: 'Company/x' }, 400, 'BAD_REQUEST'],
        [{ path: '/Elsewhere/x' }, 400, 'BAD_REQUEST'],
        [{ path: '/Company//x' }, 400, 'BAD_REQUEST'],
        [{ path: '' }, 400, 'VALIDATION_ERROR'],
        [{ path: '/Company/x', extra: 1 }, 400, 'VALIDATION_ERROR'],
        [{}, 400, 'VALIDATION_ERROR'],
        [{ path: '/Teams/Ops/x' }, 404, 'NOT_FOUND'],
      ];
      for (const [body, status, code] of cases) {
        const result = await as(bob, 'POST', '/api/wiki/folders', body);
        expect({ body, status: result.status, code: result.body.error?.code }).toEqual({
          body,
          status,
          code,
        });
      }
      expect(await folderRows()).toEqual(before);
    });

    it('needs wiki:write on a token; wiki:read lists', async () => {
      const reader = await createApiKey(server.baseUrl, alice.cookie, ['wiki:read']);
      const refused = await call<Body>(server.baseUrl, 'POST', '/api/wiki/folders', {
        token: reader,
        body: { path: '/Company/ByToken' },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error.details).toMatchObject({ error: 'insufficient_scope' });
      const listed = await call<Body>(server.baseUrl, 'GET', '/api/wiki/folders', {
        token: reader,
      });
      expect(listed.status).toBe(200);
      const writer = await createApiKey(server.baseUrl, alice.cookie, ['wiki:write']);
      const created = await call<Body>(server.baseUrl, 'POST', '/api/wiki/folders', {
        token: writer,
        body: { path: '/Private/ByToken' },
      });
      expect(created.status).toBe(201);
    });
  });

  describe('GET /api/wiki/folders', () => {
    it("without a path lists the caller's lane roots: Private, their teams, Company", async () => {
      const mine = await as(alice, 'GET', '/api/wiki/folders');
      expect(mine.status).toBe(200);
      expect(mine.body.folder).toBeNull();
      expect(mine.body.items.map((item) => item.path)).toEqual([
        '/Private',
        '/Teams/Ops',
        '/Company',
      ]);
      expect(mine.body.items[1]).toMatchObject({ lane: 'team', lane_root: true, id: null });
      const bobs = await as(bob, 'GET', '/api/wiki/folders?limit=1&offset=1');
      expect(bobs.body).toMatchObject({
        items: [{ path: '/Company' }],
        has_more: false,
        next_offset: null,
      });
    });

    it('lists subfolders first, then visible pages, paging through both as one list', async () => {
      await as(alice, 'POST', '/api/wiki/folders', { path: '/Company/Listing/b-folder' });
      await as(alice, 'POST', '/api/wiki/folders', { path: '/Company/Listing/A-folder' });
      await createPage(alice, '/Company/Listing', 'Zeta');
      await createPage(bob, '/Company/Listing', 'alpha');
      await createPage(alice, '/Company/Listing/A-folder', 'Nested');
      const all = await as(alice, 'GET', `/api/wiki/folders?path=${q('/Company/Listing')}`);
      expect(all.status).toBe(200);
      expect(all.body.folder).toMatchObject({ path: '/Company/Listing', lane_root: false });
      expect(all.body.items.map((item) => [item.type, item.path])).toEqual([
        ['folder', '/Company/Listing/A-folder'],
        ['folder', '/Company/Listing/b-folder'],
        ['page', '/Company/Listing/alpha'],
        ['page', '/Company/Listing/Zeta'],
      ]);
      expect(all.body.items[2]).toMatchObject({ can_read: true, lane: 'company' });
      const pages: Entry[] = [];
      let offset: number | null = 0;
      while (offset !== null) {
        const slice: Body = (
          await as(
            alice,
            'GET',
            `/api/wiki/folders?path=${q('/Company/Listing')}&limit=3&offset=${offset}`,
          )
        ).body;
        pages.push(...slice.items);
        offset = slice.next_offset;
        expect(slice.has_more).toBe(offset !== null);
      }
      expect(pages.map((item) => item.path)).toEqual(all.body.items.map((item) => item.path));
    });

    it('lists lane roots: /Company, /Private (own only), /Teams/<team> (members only)', async () => {
      await createPage(alice, '/Private', 'Alice secret');
      await createPage(alice, '/Teams/Ops', 'Runbook');
      const root = await as(alice, 'GET', `/api/wiki/folders?path=${q('/Company')}`);
      expect(root.body.folder).toMatchObject({ path: '/Company', lane_root: true, id: null });
      expect(root.body.items.map((item) => item.path)).toEqual(
        expect.arrayContaining(['/Company/Guides', '/Company/Listing']),
      );
      const alicePrivate = await as(alice, 'GET', `/api/wiki/folders?path=${q('/Private')}`);
      expect(alicePrivate.body.items.map((item) => item.path)).toContain('/Private/Alice secret');
      const bobPrivate = await as(bob, 'GET', `/api/wiki/folders?path=${q('/Private')}`);
      expect(JSON.stringify(bobPrivate.body)).not.toContain('Alice secret');
      const team = await as(alice, 'GET', `/api/wiki/folders?path=${q('/Teams/ops')}`);
      expect(team.status).toBe(200);
      expect(team.body.folder.path).toBe('/Teams/Ops');
      expect(team.body.items.map((item) => item.path)).toEqual(['/Teams/Ops/Runbook']);
      expect((await as(bob, 'GET', `/api/wiki/folders?path=${q('/Teams/Ops')}`)).status).toBe(404);
    });

    it("never shows another company's folders or pages", async () => {
      const other = await as(outsider, 'GET', `/api/wiki/folders?path=${q('/Company')}`);
      expect(other.status).toBe(200);
      expect(other.body.items).toEqual([]);
      expect(
        (await as(outsider, 'GET', `/api/wiki/folders?path=${q('/Company/Listing')}`)).status,
      ).toBe(404);
      // The outsider's own team "Ops" is another company's team than Alice's.
      const team = await as(outsider, 'GET', `/api/wiki/folders?path=${q('/Teams/Ops')}`);
      expect(team.status).toBe(200);
      expect(team.body.items).toEqual([]);
    });

    it('answers 404 for a missing folder and 400 for bad paths or paging', async () => {
      expect((await as(alice, 'GET', `/api/wiki/folders?path=${q('/Company/Nope')}`)).status).toBe(
        404,
      );
      expect((await as(alice, 'GET', `/api/wiki/folders?path=${q('Company')}`)).status).toBe(400);
      for (const query of ['limit=0', 'limit=101', 'offset=-1', 'limit=x', 'unknown=1']) {
        const result = await as(alice, 'GET', `/api/wiki/folders?${query}`);
        expect({ query, status: result.status, code: result.body.error.code }).toEqual({
          query,
          status: 400,
          code: 'VALIDATION_ERROR',
        });
      }
    });
  });

  describe('POST /api/wiki/folders/move', () => {
    it('moves a subtree with its pages in one go, creating missing parents', async () => {
      const top = await createPage(alice, '/Company/Tree', 'Top');
      const leaf = await createPage(alice, '/Company/Tree/Sub/Leaf', 'Deep page');
      const trashed = await createPage(alice, '/Company/Tree/Sub', 'Binned');
      expect((await as(alice, 'DELETE', `/api/wiki/pages/${trashed.public_id}`)).status).toBe(200);
      const moved = await as(alice, 'POST', '/api/wiki/folders/move', {
        from: '/Company/Tree',
        to: '/Company/Archive/2024/Tree',
      });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({
        outcome: 'moved',
        from: '/Company/Tree',
        folder: { path: '/Company/Archive/2024/Tree', name: 'Tree' },
        moved_folders: 3,
        moved_pages: 3,
      });
      const paths = (await folderRows()).filter((row) => !row.deleted).map((row) => row.path);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/Company/Archive',
          '/Company/Archive/2024',
          '/Company/Archive/2024/Tree',
          '/Company/Archive/2024/Tree/Sub',
          '/Company/Archive/2024/Tree/Sub/Leaf',
        ]),
      );
      expect(paths.some((path) => path.startsWith('/Company/Tree'))).toBe(false);
      const read = await as(alice, 'GET', `/api/wiki/pages/${leaf.public_id}`);
      expect(read.body.page.path).toBe('/Company/Archive/2024/Tree/Sub/Leaf/Deep page');
      expect(read.body.page.current_version).toBe(1);
      expect((await as(alice, 'GET', `/api/wiki/pages/${top.public_id}`)).body.page.path).toBe(
        '/Company/Archive/2024/Tree/Top',
      );
      const [binned] = await db.query(`SELECT folder_path FROM wiki.pages WHERE public_id = $1`, [
        trashed.public_id,
      ]);
      expect(binned.folder_path).toBe('/Company/Archive/2024/Tree/Sub');
      await expectPagePathsConsistent();
    });

    it('renames a folder in place, also by case only', async () => {
      await createPage(alice, '/Company/docs', 'Readme');
      const renamed = await as(alice, 'POST', '/api/wiki/folders/move', {
        from: '/Company/docs',
        to: '/Company/Docs',
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.folder.path).toBe('/Company/Docs');
      const listed = await as(alice, 'GET', `/api/wiki/folders?path=${q('/Company/Docs')}`);
      expect(listed.body.items.map((item) => item.path)).toEqual(['/Company/Docs/Readme']);
      const same = await as(alice, 'POST', '/api/wiki/folders/move', {
        from: '/Company/Docs',
        to: '/Company/Docs',
      });
      expect(same.body).toMatchObject({ outcome: 'no_change', moved_folders: 0 });
    });

    it('refuses an existing target (409), its own subtree, other lanes and lane roots (400)', async () => {
      await as(alice, 'POST', '/api/wiki/folders', { path: '/Company/Src/Inner' });
      await as(alice, 'POST', '/api/wiki/folders', { path: '/Company/Taken' });
      await createPage(alice, '/Company/Src', 'Stays');
      const before = await folderRows();
      const cases: [Record<string, string>, number, string][] = [
        [{ from: '/Company/Src', to: '/Company/taken' }, 409, 'FOLDER_PATH_TAKEN'],
        [{ from: '/Company/Src', to: '/Company/Src/Inner/Src' }, 400, 'BAD_REQUEST'],
        [{ from: '/Company/Src', to: '/Private/Src' }, 400, 'BAD_REQUEST'],
        [{ from: '/Company', to: '/Company/Root' }, 400, 'BAD_REQUEST'],
        [{ from: '/Company/Src', to: '/Company' }, 400, 'BAD_REQUEST'],
        [{ from: '/Company/Missing', to: '/Company/Elsewhere' }, 404, 'NOT_FOUND'],
        [{ from: '/Company/Src' }, 400, 'VALIDATION_ERROR'],
        [{ from: '/Company/Src', to: '/Teams/Ops/Src' }, 400, 'BAD_REQUEST'],
      ];
      for (const [body, status, code] of cases) {
        const result = await as(alice, 'POST', '/api/wiki/folders/move', body);
        expect({ body, status: result.status, code: result.body.error?.code }).toEqual({
          body,
          status,
          code,
        });
      }
      expect(await folderRows()).toEqual(before);
      // Another person's Private lane is never reachable: /Private is always the caller's own.
      expect(
        (
          await as(bob, 'POST', '/api/wiki/folders/move', {
            from: '/Private/ByToken',
            to: '/Private/Mine',
          })
        ).status,
      ).toBe(404);
    });

    it('parallel moves of one folder: exactly one wins, the tree stays consistent', async () => {
      await createPage(alice, '/Company/Race/Child', 'Racer');
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          as(alice, 'POST', '/api/wiki/folders/move', {
            from: '/Company/Race',
            to: `/Company/Raced-${index}`,
          }),
        ),
      );
      const statuses = results.map((result) => result.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status !== 200).every((status) => status === 404)).toBe(
        true,
      );
      const live = (await folderRows())
        .filter((row) => !row.deleted && /\/Company\/Race/i.test(row.path))
        .map((row) => row.path);
      expect(live).toHaveLength(2);
      await expectPagePathsConsistent();
    });

    it('pages created while their folder moves follow it (no page left at a stale path)', async () => {
      await as(alice, 'POST', '/api/wiki/folders', { path: '/Company/Busy/Area' });
      const creates = Array.from({ length: 12 }, (_, index) =>
        as(bob, 'POST', '/api/wiki/pages', {
          title: `Note ${index}`,
          markdown: 'x',
          path: '/Company/Busy/Area',
        }),
      );
      const move = as(alice, 'POST', '/api/wiki/folders/move', {
        from: '/Company/Busy',
        to: '/Company/Quiet',
      });
      const [moved, ...created] = await Promise.all([move, ...creates]);
      expect(moved.status).toBe(200);
      // A create lands before the move (and moves along), after it (in a new Busy/Area), or in
      // the moved folder (the path trigger); at worst it gives up with a retryable 409, never a
      // page at a stale path and never a 500.
      for (const result of created) expect([201, 409]).toContain(result.status);
      await expectPagePathsConsistent();
      const pages: { folder_path: string; title: string }[] = await db.query(
        `SELECT folder_path, title FROM wiki.pages WHERE company_id = $1 AND title LIKE 'Note %'`,
        [alice.companyId],
      );
      expect(pages.length).toBe(created.filter((result) => result.status === 201).length);
      for (const page of pages) {
        expect(['/Company/Quiet/Area', '/Company/Busy/Area']).toContain(page.folder_path);
      }
    });
  });

  describe('DELETE /api/wiki/folders', () => {
    it('deletes only an empty folder: 409 FOLDER_NOT_EMPTY otherwise, nothing changed', async () => {
      const page = await createPage(alice, '/Company/Temp/Full', 'Content');
      const notEmpty = await as(alice, 'DELETE', `/api/wiki/folders?path=${q('/Company/Temp')}`);
      expect(notEmpty.status).toBe(409);
      expect(notEmpty.body.error).toMatchObject({
        code: 'FOLDER_NOT_EMPTY',
        details: { folders: 1, pages: 0 },
      });
      const withPage = await as(
        alice,
        'DELETE',
        `/api/wiki/folders?path=${q('/Company/Temp/Full')}`,
      );
      expect(withPage.status).toBe(409);
      expect(withPage.body.error.details).toEqual({ folders: 0, pages: 1 });
      expect((await folderRows()).filter((row) => row.path.startsWith('/Company/Temp'))).toEqual([
        { path: '/Company/Temp', deleted: false },
        { path: '/Company/Temp/Full', deleted: false },
      ]);
      // A trashed page does not keep a folder alive.
      expect((await as(alice, 'DELETE', `/api/wiki/pages/${page.public_id}`)).status).toBe(200);
      const leaf = await as(alice, 'DELETE', `/api/wiki/folders?path=${q('/Company/Temp/Full')}`);
      expect(leaf.status).toBe(200);
      expect(leaf.body).toMatchObject({ deleted: true, folder: { path: '/Company/Temp/Full' } });
      const parent = await as(alice, 'DELETE', `/api/wiki/folders?path=${q('/Company/Temp')}`);
      expect(parent.status).toBe(200);
      expect((await as(alice, 'GET', `/api/wiki/folders?path=${q('/Company/Temp')}`)).status).toBe(
        404,
      );
      expect(
        (await as(alice, 'DELETE', `/api/wiki/folders?path=${q('/Company/Temp')}`)).status,
      ).toBe(404);
      const again = await as(alice, 'POST', '/api/wiki/folders', { path: '/Company/Temp' });
      expect(again.status).toBe(201);
    });

    it('refuses lane roots, a missing path and other teams', async () => {
      expect((await as(alice, 'DELETE', `/api/wiki/folders?path=${q('/Company')}`)).status).toBe(
        400,
      );
      expect((await as(alice, 'DELETE', '/api/wiki/folders')).body.error.code).toBe(
        'VALIDATION_ERROR',
      );
      expect((await as(bob, 'DELETE', `/api/wiki/folders?path=${q('/Teams/Ops/x')}`)).status).toBe(
        404,
      );
    });
  });

  describe('POST /api/wiki/pages/{page_id}/move', () => {
    const move = (person: SignedInTestPerson, pageId: string | number, body: unknown) =>
      as(person, 'POST', `/api/wiki/pages/${pageId}/move`, body);

    it('moves a page to another folder (created on the way) without writing a version', async () => {
      const page = await createPage(alice, '/Company/Inbox', 'Movable', 'body');
      const moved = await move(alice, page.public_id, { path: '/Company/Sorted/Deep' });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({
        outcome: 'moved',
        previous_path: '/Company/Inbox/Movable',
        renamed: false,
        version_written: null,
        page: { path: '/Company/Sorted/Deep/Movable', current_version: 1 },
      });
      const [row] = await db.query(
        `SELECT p.folder_path, f.path AS folder, p.last_version FROM wiki.pages p
           JOIN wiki.folders f ON f.id = p.folder_id WHERE p.public_id = $1`,
        [page.public_id],
      );
      expect(row).toEqual({
        folder_path: '/Company/Sorted/Deep',
        folder: '/Company/Sorted/Deep',
        last_version: 1,
      });
      const [{ count }] = await db.query(
        `SELECT count(*)::int AS count FROM wiki.page_versions v JOIN wiki.pages p ON p.id = v.page_id
          WHERE p.public_id = $1`,
        [page.public_id],
      );
      expect(count).toBe(1);
    });

    it('renames a page: a new head version with the same content and the new title', async () => {
      const page = await createPage(alice, '/Company/Renames', 'Old name', 'same body');
      const renamed = await move(alice, page.id, { title: 'New name' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({
        renamed: true,
        version_written: 2,
        page: { title: 'New name', path: '/Company/Renames/New name', current_version: 2 },
      });
      const versions: unknown[] = await db.query(
        `SELECT v.version, v.title, v.content_md, v.message FROM wiki.page_versions v
           JOIN wiki.pages p ON p.id = v.page_id WHERE p.public_id = $1 ORDER BY v.version`,
        [page.public_id],
      );
      expect(versions).toEqual([
        { version: 1, title: 'Old name', content_md: 'same body', message: null },
        {
          version: 2,
          title: 'New name',
          content_md: 'same body',
          message: 'Renamed "Old name" to "New name"',
        },
      ]);
      const unchanged = await move(alice, page.public_id, {
        title: 'New name',
        path: '/Company/Renames',
      });
      expect(unchanged.body).toMatchObject({ outcome: 'no_change', version_written: null });
    });

    it('moves between lanes the caller can write; refuses lanes they cannot', async () => {
      const note = await createPage(alice, '/Private/Drafts', 'Publish me');
      const published = await move(alice, note.public_id, { path: '/Teams/Ops/Published' });
      expect(published.status).toBe(200);
      expect(published.body.page).toMatchObject({
        lane: 'team',
        path: '/Teams/Ops/Published/Publish me',
      });
      expect((await as(bob, 'GET', `/api/wiki/pages/${note.public_id}`)).status).toBe(404);
      const bobsNote = await createPage(bob, '/Private', 'Bob only');
      expect((await move(bob, bobsNote.public_id, { path: '/Teams/Ops' })).status).toBe(404);
      expect((await move(alice, bobsNote.public_id, { path: '/Private' })).status).toBe(404);
      expect((await move(outsider, note.public_id, { path: '/Company' })).status).toBe(404);
      const [row] = await db.query(
        `SELECT lane, folder_path FROM wiki.pages WHERE public_id = $1`,
        [bobsNote.public_id],
      );
      expect(row).toEqual({ lane: 'private', folder_path: '/Private' });
    });

    it('refuses a taken path with 409 PAGE_PATH_TAKEN and a restricted page with 403', async () => {
      await createPage(alice, '/Company/Clash', 'Existing');
      const other = await createPage(alice, '/Company/Elsewhere', 'existing');
      const clash = await move(alice, other.public_id, { path: '/Company/Clash' });
      expect(clash.status).toBe(409);
      expect(clash.body.error.code).toBe('PAGE_PATH_TAKEN');
      const [row] = await db.query(`SELECT folder_path FROM wiki.pages WHERE public_id = $1`, [
        other.public_id,
      ]);
      expect(row.folder_path).toBe('/Company/Elsewhere');
      const restricted = await createPage(alice, '/Company/Locked', 'Secret plan');
      await db.query(`UPDATE wiki.pages SET restricted = true WHERE public_id = $1`, [
        restricted.public_id,
      ]);
      await db.query(
        `INSERT INTO wiki.page_access (page_id, person_id) SELECT id, $2 FROM wiki.pages WHERE public_id = $1`,
        [restricted.public_id, alice.personId],
      );
      expect((await move(bob, restricted.public_id, { title: 'Mine now' })).status).toBe(403);
      expect((await move(alice, restricted.public_id, { title: 'Secret plan 2' })).status).toBe(
        200,
      );
    });

    it('refuses bad input with 400 and changes nothing', async () => {
      const page = await createPage(alice, '/Company/Inputs', 'Stable');
      const cases: [string, unknown, string][] = [
        [page.public_id, {}, 'VALIDATION_ERROR'],
        [page.public_id, { title: '' }, 'VALIDATION_ERROR'],
        [page.public_id, { title: 'x'.repeat(301) }, 'VALIDATION_ERROR'],
        [page.public_id, { path: 'nowhere' }, 'BAD_REQUEST'],
        [page.public_id, { title: 'x', bogus: true }, 'VALIDATION_ERROR'],
        ['not-a-page', { title: 'x' }, 'VALIDATION_ERROR'],
        ['0', { title: 'x' }, 'VALIDATION_ERROR'],
      ];
      for (const [id, body, code] of cases) {
        const result = await move(alice, id, body);
        expect({ id, body, status: result.status, code: result.body.error?.code }).toEqual({
          id,
          body,
          status: 400,
          code,
        });
      }
      expect((await move(alice, randomUUID(), { title: 'x' })).status).toBe(404);
      const read = await as(alice, 'GET', `/api/wiki/pages/${page.public_id}`);
      expect(read.body.page).toMatchObject({ path: '/Company/Inputs/Stable', current_version: 1 });
    });

    it('parallel renames never leave two pages at one path', async () => {
      const pages = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          createPage(alice, '/Company/Crowd', `Page ${index}`),
        ),
      );
      const results = await Promise.all(
        pages.map((page) => move(alice, page.public_id, { title: 'Winner' })),
      );
      const statuses = results.map((result) => result.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
      for (const result of results.filter((each) => each.status === 409)) {
        expect(result.body.error.code).toBe('PAGE_PATH_TAKEN');
      }
      const dupes: unknown[] = await db.query(
        `SELECT lower(folder_path), lower(title), count(*) FROM wiki.pages
          WHERE deleted_at IS NULL GROUP BY company_id, lane, lane_owner_id, 1, 2 HAVING count(*) > 1`,
      );
      expect(dupes).toEqual([]);
    });

    it('parallel moves of one page serialise: every move lands, versions stay sequential', async () => {
      const page = await createPage(alice, '/Company/Hops', 'Hopper');
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          move(alice, page.public_id, { path: `/Company/Hops/${index}`, title: `Hopper ${index}` }),
        ),
      );
      expect(results.map((result) => result.status)).toEqual(Array(8).fill(200));
      const versions: { version: number }[] = await db.query(
        `SELECT v.version FROM wiki.page_versions v JOIN wiki.pages p ON p.id = v.page_id
          WHERE p.public_id = $1 ORDER BY v.version`,
        [page.public_id],
      );
      expect(versions.map((row) => row.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      const final = await as(alice, 'GET', `/api/wiki/pages/${page.public_id}`);
      expect(final.body.page.current_version).toBe(9);
      await expectPagePathsConsistent();
    });
  });
});
