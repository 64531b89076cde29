import { randomUUID } from 'node:crypto';
import {
  call,
  createTestPage,
  type SignedInTestPerson,
  signInTestPerson,
  type TestApp,
} from '@cw/testing';
import { DataSource } from 'typeorm';
import { startWikiTestApp } from './wiki-test-app';

const KEPT = 5;

interface SaveBody {
  outcome: string;
  saved_draft_version: number | null;
}

/**
 * Appends against an old version are kept as drafts (`newer_version_available`): a retrying
 * client must not grow storage without limit. Each person keeps their newest
 * WIKI_DRAFTS_PER_PAGE_AND_PERSON drafts per page.
 */
describe('draft retention under retries (one process, real PostgreSQL)', () => {
  let server: TestApp;
  let db: DataSource;
  let alice: SignedInTestPerson;
  let bob: SignedInTestPerson;

  beforeAll(async () => {
    server = await startWikiTestApp({ env: { WIKI_DRAFTS_PER_PAGE_AND_PERSON: String(KEPT) } });
    db = server.app.get(DataSource);
    alice = await signInTestPerson(server.baseUrl, { company: 'Drafts' });
    bob = await signInTestPerson(server.baseUrl, { company: 'Drafts' });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  const appendStale = (person: SignedInTestPerson, pageId: string, line: string) =>
    call<SaveBody>(server.baseUrl, 'POST', `/api/wiki/pages/${pageId}/appends`, {
      cookie: person.cookie,
      body: { markdown: line, expected_version: 1, mutation_id: randomUUID() },
    });

  async function draftVersions(pageId: string, person: SignedInTestPerson): Promise<number[]> {
    const rows: { version: number }[] = await db.query(
      `SELECT v.version FROM wiki.page_versions v JOIN wiki.pages p ON p.id = v.page_id
        WHERE p.public_id = $1 AND v.author_id = $2 AND v.is_draft ORDER BY v.version`,
      [pageId, person.personId],
    );
    return rows.map((row) => row.version);
  }

  it('keeps at most N drafts per page and person while 30 stale appends run in parallel', async () => {
    const created = await createTestPage(server.baseUrl, alice, {
      title: 'Busy page',
      markdown: 'first line',
      path: '/Company',
    });
    const pageId = created.page.public_id;
    const head = await call(server.baseUrl, 'POST', `/api/wiki/pages/${pageId}/appends`, {
      cookie: alice.cookie,
      body: { markdown: 'second line', expected_version: 1, mutation_id: randomUUID() },
    });
    expect(head.status).toBe(200);

    let appending = true;
    const counts: number[] = [];
    const watching = (async () => {
      while (appending) counts.push((await draftVersions(pageId, alice)).length);
    })();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, index) => appendStale(alice, pageId, `retry ${index}`)),
    );
    appending = false;
    await watching;

    expect(results.map((result) => result.status)).toEqual(Array(30).fill(200));
    expect(new Set(results.map((result) => result.body.outcome))).toEqual(
      new Set(['newer_version_available']),
    );
    const saved = results.map((result) => result.body.saved_draft_version!).sort((a, b) => a - b);
    expect(new Set(saved).size).toBe(30);
    expect(counts.length).toBeGreaterThan(0);
    expect(Math.max(...counts)).toBeLessThanOrEqual(KEPT);
    // The newest drafts are the ones kept: each submission is there until newer ones replace it.
    expect(await draftVersions(pageId, alice)).toEqual(saved.slice(-KEPT));

    const bobs = await appendStale(bob, pageId, 'from bob');
    expect(bobs.body.outcome).toBe('newer_version_available');
    expect(await draftVersions(pageId, bob)).toEqual([bobs.body.saved_draft_version]);
    expect(await draftVersions(pageId, alice)).toEqual(saved.slice(-KEPT));

    const heads: { count: number }[] = await db.query(
      `SELECT count(*)::int AS count FROM wiki.page_versions v JOIN wiki.pages p ON p.id = v.page_id
        WHERE p.public_id = $1 AND NOT v.is_draft`,
      [pageId],
    );
    expect(heads[0].count).toBe(2);
  });
});
