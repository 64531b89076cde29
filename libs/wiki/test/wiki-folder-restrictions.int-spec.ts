import {
  call,
  createTestPage,
  type SignedInTestPerson,
  signInTestPerson,
  type TestApp,
} from '@cw/testing';
import { DataSource } from 'typeorm';
import { startWikiTestApp } from './wiki-test-app';

interface MoveBody {
  outcome?: string;
  moved_pages?: number;
  error?: { code: string; message: string; details?: Record<string, unknown> };
}

/**
 * A folder move takes every page inside along: a member who is not on a restricted page's
 * access list may not move that page this way either (`POST /api/wiki/folders/move`).
 */
describe('folder moves and restricted pages (one process, real PostgreSQL)', () => {
  let server: TestApp;
  let db: DataSource;
  let alice: SignedInTestPerson;
  let bob: SignedInTestPerson;

  beforeAll(async () => {
    server = await startWikiTestApp();
    db = server.app.get(DataSource);
    alice = await signInTestPerson(server.baseUrl, { company: 'Restricted moves' });
    bob = await signInTestPerson(server.baseUrl, { company: 'Restricted moves' });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  const moveFolder = (person: SignedInTestPerson, from: string, to: string) =>
    call<MoveBody>(server.baseUrl, 'POST', '/api/wiki/folders/move', {
      cookie: person.cookie,
      body: { from, to },
    });

  async function page(folder: string, title: string): Promise<string> {
    const created = await createTestPage(server.baseUrl, alice, {
      title,
      markdown: title,
      path: folder,
    });
    return created.page.public_id;
  }

  /** Restricts a page to alice, as the web app does: flag and access list in one transaction. */
  async function restrictToAlice(publicId: string): Promise<void> {
    await db.transaction(async (manager) => {
      await manager.query(`UPDATE wiki.pages SET restricted = true WHERE public_id = $1`, [
        publicId,
      ]);
      await manager.query(
        `INSERT INTO wiki.page_access (page_id, person_id) SELECT id, $2 FROM wiki.pages WHERE public_id = $1`,
        [publicId, alice.personId],
      );
    });
  }

  const folderPathOf = async (publicId: string): Promise<string> => {
    const [row]: { folder_path: string }[] = await db.query(
      `SELECT folder_path FROM wiki.pages WHERE public_id = $1`,
      [publicId],
    );
    return row.folder_path;
  };

  it('refuses with 403 naming how many pages inside the mover may not edit, and moves nothing', async () => {
    const open = await page('/Company/Plans/Q3', 'Open plan');
    const secret = await page('/Company/Plans/Q3/Board', 'Secret plan');
    const trashed = await page('/Company/Plans', 'Old secret');
    await restrictToAlice(secret);
    await restrictToAlice(trashed);
    const trash = await call(server.baseUrl, 'DELETE', `/api/wiki/pages/${trashed}`, {
      cookie: alice.cookie,
    });
    expect(trash.status).toBe(200);

    const refused = await moveFolder(bob, '/Company/Plans', '/Company/Archive/Plans');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'ACCESS_DENIED',
      details: { error: 'restricted_pages', restricted_pages: 2 },
    });
    expect(refused.body.error!.message).toContain('2 restricted page(s)');
    expect(await folderPathOf(open)).toBe('/Company/Plans/Q3');
    expect(await folderPathOf(secret)).toBe('/Company/Plans/Q3/Board');
    const folders: { path: string }[] = await db.query(
      `SELECT path FROM wiki.folders WHERE company_id = $1 AND path ILIKE '/Company/Archive%'`,
      [alice.companyId],
    );
    expect(folders).toEqual([]);

    const moved = await moveFolder(alice, '/Company/Plans', '/Company/Archive/Plans');
    expect(moved.status).toBe(200);
    expect(await folderPathOf(secret)).toBe('/Company/Archive/Plans/Q3/Board');
    expect(await folderPathOf(trashed)).toBe('/Company/Archive/Plans');
  });

  it('lets anyone who can write the lane move a folder whose restricted pages list them', async () => {
    const listed = await page('/Company/Shared', 'Listed');
    await restrictToAlice(listed);
    await db.query(
      `INSERT INTO wiki.page_access (page_id, person_id) SELECT id, $2 FROM wiki.pages WHERE public_id = $1`,
      [listed, bob.personId],
    );
    const moved = await moveFolder(bob, '/Company/Shared', '/Company/Shared by Bob');
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ outcome: 'moved', moved_pages: 1 });
    expect(await folderPathOf(listed)).toBe('/Company/Shared by Bob');
  });

  it('never moves a page restricted concurrently: the restriction and the move are ordered', async () => {
    for (let round = 0; round < 8; round += 1) {
      const from = `/Company/Race ${round}`;
      const to = `/Company/Raced ${round}`;
      const target = await page(from, `Target ${round}`);
      // The restriction holds the page's row a moment before committing, as a slow web app would.
      const restriction = db.transaction(async (manager) => {
        const [[seen]]: [{ folder_path: string }[], number] = await manager.query(
          `UPDATE wiki.pages SET restricted = true WHERE public_id = $1 RETURNING folder_path`,
          [target],
        );
        await manager.query(
          `INSERT INTO wiki.page_access (page_id, person_id) SELECT id, $2 FROM wiki.pages WHERE public_id = $1`,
          [target, alice.personId],
        );
        await manager.query(`SELECT pg_sleep(0.05)`);
        return seen.folder_path;
      });
      const [restrictedAt, move] = await Promise.all([restriction, moveFolder(bob, from, to)]);
      const finalPath = await folderPathOf(target);
      // Restricted before the move took the page: the move is refused. After: it moved first.
      const expected =
        restrictedAt === from ? { status: 403, finalPath: from } : { status: 200, finalPath: to };
      expect({ round, restrictedAt, status: move.status, finalPath }).toEqual({
        round,
        restrictedAt,
        ...expected,
      });
    }
  });
});
