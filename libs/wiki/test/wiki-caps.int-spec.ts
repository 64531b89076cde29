import { randomBytes } from 'node:crypto';
import { call, createTestPage, type HttpResult, signInTestPerson, type TestApp } from '@cw/testing';
import { DataSource } from 'typeorm';
import { startWikiTestApp } from './wiki-test-app';

jest.setTimeout(60_000);

const SHARE_LINKS = 4;

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
      env: { WIKI_SHARE_LINKS_PER_PAGE: String(SHARE_LINKS) },
    });
    db = server.app.get(DataSource);
  });
  afterAll(() => server.close());

  async function newPage(cookie: string, title: string): Promise<number> {
    const body = await createTestPage<{ page: { id: number } }>(
      server.baseUrl,
      { cookie },
      { title, markdown: `# ${title}` },
    );
    return body.page.id;
  }

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
});
