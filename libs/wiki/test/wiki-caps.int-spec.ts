import { randomBytes } from 'node:crypto';
import { call, createTestPage, type HttpResult, signInTestPerson, type TestApp } from '@cw/testing';
import { DataSource } from 'typeorm';
import { startWikiTestApp } from './wiki-test-app';

jest.setTimeout(60_000);

const SHARE_LINKS = 4;
const FILES = 4;
const FILE_MB = 10;
const COMMENTS = 3;
const MIB = 1024 * 1024;

interface Refusal {
  error: { code: string; details?: Record<string, unknown> };
}

function company(): string {
  return `Caps Co ${randomBytes(3).toString('hex')}`;
}

describe('what a page or company may hold in the wiki (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    server = await startWikiTestApp({
      env: {
        WIKI_SHARE_LINKS_PER_PAGE: String(SHARE_LINKS),
        WIKI_FILES_PER_PAGE: String(FILES),
        WIKI_FILES_MB_PER_PAGE: String(FILE_MB),
        WIKI_COMMENTS_PER_PAGE_AND_PERSON: String(COMMENTS),
      },
    });
    db = server.app.get(DataSource);
  });
  afterAll(() => server.close());

  async function newPage(cookie: string, title: string, path?: string): Promise<number> {
    const body = await createTestPage<{ page: { id: number } }>(
      server.baseUrl,
      { cookie },
      { title, markdown: `# ${title}`, path },
    );
    return body.page.id;
  }

  async function upload(
    cookie: string,
    pageId: number,
    bytes: number,
  ): Promise<{ status: number; body: Refusal }> {
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(bytes, 'x')]), 'f.bin');
    const response = await fetch(`${server.baseUrl}/api/wiki/pages/${pageId}/files`, {
      method: 'POST',
      headers: { cookie: `session_token=${cookie}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Refusal };
  }

  const countOf = async (sql: string, parameters: unknown[]): Promise<number> => {
    const [{ n }]: { n: number }[] = await db.query(sql, parameters);
    return n;
  };

  it('admits exactly WIKI_SHARE_LINKS_PER_PAGE of many parallel share links; the rest 409 SHARE_LINK_LIMIT_REACHED', async () => {
    const owner = await signInTestPerson(server.baseUrl, { company: company() });
    const pageId = await newPage(owner.cookie, 'Shared widely');
    const share = (): Promise<HttpResult<{ id: string } | Refusal>> =>
      call(server.baseUrl, 'POST', `/api/wiki/pages/${pageId}/share-links`, {
        cookie: owner.cookie,
      });
    const answers = await Promise.all(Array.from({ length: 12 }, share));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(SHARE_LINKS);
    for (const answer of answers.filter((each) => each.status !== 201)) {
      expect(answer.status).toBe(409);
      expect((answer.body as Refusal).error).toMatchObject({
        code: 'SHARE_LINK_LIMIT_REACHED',
        details: { limit: SHARE_LINKS },
      });
    }
    const [{ live }]: { live: number }[] = await db.query(
      `SELECT count(*)::int AS live FROM wiki.share_links WHERE page_id = $1 AND revoked_at IS NULL`,
      [pageId],
    );
    expect(live).toBe(SHARE_LINKS);

    // Another page has its own room, and revoking a link frees its place.
    expect(
      (
        await call(
          server.baseUrl,
          'POST',
          `/api/wiki/pages/${await newPage(owner.cookie, 'Other')}/share-links`,
          { cookie: owner.cookie },
        )
      ).status,
    ).toBe(201);
    const first = answers.find((answer) => answer.status === 201)!.body as { id: string };
    const revoked = await call(
      server.baseUrl,
      'DELETE',
      `/api/wiki/pages/${pageId}/share-links/${first.id}`,
      { cookie: owner.cookie },
    );
    expect(revoked.status).toBe(204);
    expect((await share()).status).toBe(201);
    expect((await share()).status).toBe(409);
  });

  it('stores exactly WIKI_FILES_PER_PAGE of many parallel uploads to one page; the rest 409 FILE_LIMIT_REACHED', async () => {
    const owner = await signInTestPerson(server.baseUrl, { company: company() });
    const pageId = await newPage(owner.cookie, 'Many files');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => upload(owner.cookie, pageId, 10)),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(FILES);
    for (const answer of answers.filter((each) => each.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(answer.body.error).toMatchObject({
        code: 'FILE_LIMIT_REACHED',
        details: { kind: 'files', limit: FILES },
      });
    }
    expect(
      await countOf(`SELECT count(*)::int AS n FROM wiki.files WHERE page_id = $1`, [pageId]),
    ).toBe(FILES);
  });

  it('refuses a file that would take the page past WIKI_FILES_MB_PER_PAGE, also in parallel; a smaller one still fits', async () => {
    const owner = await signInTestPerson(server.baseUrl, { company: company() });
    const pageId = await newPage(owner.cookie, 'Big files');
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => upload(owner.cookie, pageId, 6 * MIB)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.error).toMatchObject({
      code: 'FILE_LIMIT_REACHED',
      details: { kind: 'bytes', limit: FILE_MB * MIB, held_bytes: 6 * MIB },
    });
    expect((await upload(owner.cookie, pageId, 4 * MIB)).status).toBe(201);
    expect((await upload(owner.cookie, pageId, 1)).status).toBe(409);
    expect(
      await countOf(
        `SELECT coalesce(sum(size_bytes), 0)::int AS n FROM wiki.files WHERE page_id = $1`,
        [pageId],
      ),
    ).toBe(FILE_MB * MIB);
  });

  it("admits exactly WIKI_COMMENTS_PER_PAGE_AND_PERSON of one person's parallel comments on a page; others still comment", async () => {
    const shared = company();
    const alice = await signInTestPerson(server.baseUrl, { company: shared });
    const pageId = await newPage(alice.cookie, 'Discussed', '/Company');
    const comment = (cookie: string, page = pageId) =>
      call<Refusal>(server.baseUrl, 'POST', `/api/wiki/pages/${page}/comments`, {
        cookie,
        body: { body_md: 'One more thought' },
      });
    const answers = await Promise.all(Array.from({ length: 10 }, () => comment(alice.cookie)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(COMMENTS);
    for (const answer of answers.filter((each) => each.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(answer.body.error).toMatchObject({
        code: 'COMMENT_LIMIT_REACHED',
        details: { limit: COMMENTS },
      });
    }
    expect(
      await countOf(`SELECT count(*)::int AS n FROM wiki.comments WHERE page_id = $1`, [pageId]),
    ).toBe(COMMENTS);
    const bob = await signInTestPerson(server.baseUrl, { company: shared });
    expect((await comment(bob.cookie)).status).toBe(201);
    expect((await comment(alice.cookie, await newPage(alice.cookie, 'Quiet'))).status).toBe(201);
  });
});
