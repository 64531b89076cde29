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
  current_version: number;
}

interface Version {
  version: number;
  title: string;
  is_draft: boolean;
  is_current: boolean;
  based_on_version: number | null;
  saved_at: string;
  content_md?: string;
  provenance: { saved_at: string } & Record<string, unknown>;
}

/** The fields these tests read; each route answers a subset of them. */
interface Body {
  error: { code: string; message: string; details?: Record<string, unknown> };
  outcome: string;
  page: PageView;
  access: unknown;
  versions: Version[];
  has_more: boolean;
  next_offset: number | null;
  version: Version;
  unified_diff: string;
}

describe('wiki versions and comparison (one process, real PostgreSQL)', () => {
  let server: TestApp;
  let db: DataSource;
  let alice: SignedInTestPerson;
  let bob: SignedInTestPerson;
  let carol: SignedInTestPerson;
  let outsider: SignedInTestPerson;
  /** A company page with versions 1 (created), 2 (web save), 3 (token save), 4 (draft). */
  let page: PageView;

  const as = (person: SignedInTestPerson, method: string, path: string, body?: unknown) =>
    call<Body>(server.baseUrl, method, path, { cookie: person.cookie, body });

  async function createPage(
    person: SignedInTestPerson,
    path: string,
    title: string,
    markdown: string,
  ) {
    return (await createTestPage(server.baseUrl, person, { title, markdown, path })).page;
  }

  beforeAll(async () => {
    server = await startWikiTestApp();
    db = server.app.get(DataSource);
    alice = await signInTestPerson(server.baseUrl, { company: 'History Co', teams: ['Core'] });
    bob = await signInTestPerson(server.baseUrl, { company: 'History Co' });
    carol = await signInTestPerson(server.baseUrl, { company: 'History Co', teams: ['Core'] });
    outsider = await signInTestPerson(server.baseUrl, { company: 'Elsewhere Co' });

    page = await createPage(alice, '/Company/Handbook', 'Onboarding', 'line one\nline two\n');
    const web = await as(alice, 'PUT', `/api/wiki/pages/${page.public_id}/content`, {
      title: 'Onboarding',
      markdown: 'line one\nline 2\nline three\n',
      expected_version: 1,
      mutation_id: randomUUID(),
      message: 'fix numbering',
    });
    expect(web.body.outcome).toBe('applied');
    const token = await createApiKey(server.baseUrl, bob.cookie, ['wiki:write']);
    const viaToken = await call<Body>(
      server.baseUrl,
      'PUT',
      `/api/wiki/pages/${page.public_id}/content`,
      {
        token,
        body: {
          title: 'Onboarding guide',
          markdown: 'line one\nline 2\nline three\nline four\n',
          expected_version: 2,
          mutation_id: randomUUID(),
        },
      },
    );
    expect(viaToken.body.outcome).toBe('applied');
    const stale = await as(alice, 'PUT', `/api/wiki/pages/${page.public_id}/content`, {
      title: 'Onboarding',
      markdown: 'a stale rewrite\n',
      expected_version: 2,
      mutation_id: randomUUID(),
    });
    expect(stale.body).toMatchObject({
      outcome: 'newer_version_available',
      saved_draft_version: 4,
    });
  });
  afterAll(() => server.close());

  describe('GET /api/wiki/pages/{page_id}/versions', () => {
    it('lists every version newest first with provenance and without bodies', async () => {
      const result = await as(alice, 'GET', `/api/wiki/pages/${page.public_id}/versions`);
      expect(result.status).toBe(200);
      expect(result.body.page).toMatchObject({ public_id: page.public_id, current_version: 3 });
      expect(result.body.has_more).toBe(false);
      const versions = result.body.versions;
      expect(
        versions.map((v) => [v.version, v.title, v.is_draft, v.is_current, v.based_on_version]),
      ).toEqual([
        [4, 'Onboarding', true, false, 2],
        [3, 'Onboarding guide', false, true, 2],
        [2, 'Onboarding', false, false, 1],
        [1, 'Onboarding', false, false, null],
      ]);
      expect(versions[2].provenance).toMatchObject({
        author: { id: alice.personId },
        message: 'fix numbering',
        source_kind: 'web',
      });
      expect(versions[1].provenance).toMatchObject({
        author: { id: bob.personId },
        source_kind: 'api_key',
        message: null,
      });
      expect(versions[0].provenance.saved_at).toBe(versions[0].saved_at);
      for (const version of versions) expect(version).not.toHaveProperty('content_md');
    });

    it('pages with limit/offset', async () => {
      const first = await as(alice, 'GET', `/api/wiki/pages/${page.id}/versions?limit=3`);
      expect(first.body.versions.map((v) => v.version)).toEqual([4, 3, 2]);
      expect(first.body).toMatchObject({ has_more: true, next_offset: 3 });
      const rest = await as(alice, 'GET', `/api/wiki/pages/${page.id}/versions?limit=3&offset=3`);
      expect(rest.body.versions.map((v) => v.version)).toEqual([1]);
      expect(rest.body).toMatchObject({ has_more: false, next_offset: null });
      for (const query of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc', 'x=1']) {
        const bad = await as(alice, 'GET', `/api/wiki/pages/${page.id}/versions?${query}`);
        expect({ query, status: bad.status }).toEqual({ query, status: 400 });
        expect(bad.body.error.code).toBe('VALIDATION_ERROR');
      }
    });

    it('is a wiki:read route', async () => {
      const reader = await createApiKey(server.baseUrl, bob.cookie, ['wiki:read']);
      const result = await call<Body>(
        server.baseUrl,
        'GET',
        `/api/wiki/pages/${page.public_id}/versions`,
        { token: reader },
      );
      expect(result.status).toBe(200);
      const noWiki = await createApiKey(server.baseUrl, bob.cookie, ['workflows:read']);
      const refused = await call<Body>(
        server.baseUrl,
        'GET',
        `/api/wiki/pages/${page.public_id}/versions`,
        { token: noWiki },
      );
      expect(refused.status).toBe(403);
      expect(refused.body.error.details).toMatchObject({ error: 'insufficient_scope' });
    });
  });

  describe('GET /api/wiki/pages/{page_id}/versions/{version}', () => {
    it('reads one version with its body, drafts included', async () => {
      const one = await as(alice, 'GET', `/api/wiki/pages/${page.public_id}/versions/1`);
      expect(one.status).toBe(200);
      expect(one.body.version).toMatchObject({
        version: 1,
        title: 'Onboarding',
        content_md: 'line one\nline two\n',
        is_draft: false,
      });
      const draft = await as(alice, 'GET', `/api/wiki/pages/${page.public_id}/versions/4`);
      expect(draft.body.version).toMatchObject({ is_draft: true, content_md: 'a stale rewrite\n' });
    });

    it('answers 404 for a missing version and 400 for a malformed one', async () => {
      const missing = await as(alice, 'GET', `/api/wiki/pages/${page.public_id}/versions/99`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('NOT_FOUND');
      for (const version of ['0', '-1', 'abc', '1.5', '99999999999']) {
        const bad = await as(alice, 'GET', `/api/wiki/pages/${page.public_id}/versions/${version}`);
        expect({ version, status: bad.status, code: bad.body.error?.code }).toEqual({
          version,
          status: 400,
          code: 'VALIDATION_ERROR',
        });
      }
      const badPage = await as(alice, 'GET', '/api/wiki/pages/not-a-uuid/versions/1');
      expect(badPage.status).toBe(400);
      expect(badPage.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'page_id' },
      });
    });
  });

  describe('GET /api/wiki/pages/{page_id}/compare', () => {
    it('diffs two versions as a unified diff and reports the title change', async () => {
      const result = await as(
        alice,
        'GET',
        `/api/wiki/pages/${page.public_id}/compare?from=1&to=3`,
      );
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({
        from: { version: 1, title: 'Onboarding', is_draft: false },
        to: { version: 3, title: 'Onboarding guide' },
        title_changed: true,
        content_changed: true,
        additions: 3,
        deletions: 1,
        diff_minimal: true,
      });
      const diff: string = result.body.unified_diff;
      expect(diff).toContain('--- v1\tOnboarding\n+++ v3\tOnboarding guide\n');
      expect(diff).toContain('@@ -1,2 +1,4 @@');
      expect(diff).toContain('-line two\n');
      expect(diff).toContain('+line 2\n+line three\n+line four\n');
    });

    it('compares with drafts, in either order, and equal versions as empty', async () => {
      const draft = await as(alice, 'GET', `/api/wiki/pages/${page.public_id}/compare?from=4&to=2`);
      expect(draft.status).toBe(200);
      expect(draft.body).toMatchObject({ title_changed: false, from: { is_draft: true } });
      expect(draft.body.unified_diff).toContain('-a stale rewrite\n');
      const same = await as(alice, 'GET', `/api/wiki/pages/${page.public_id}/compare?from=2&to=2`);
      expect(same.body).toMatchObject({
        title_changed: false,
        content_changed: false,
        additions: 0,
        deletions: 0,
      });
      expect(same.body.unified_diff).not.toContain('@@');
    });

    it('answers 404 for a missing version and 400 for bad queries', async () => {
      const missing = await as(
        alice,
        'GET',
        `/api/wiki/pages/${page.public_id}/compare?from=1&to=50`,
      );
      expect(missing.status).toBe(404);
      for (const query of ['from=1', 'to=2', 'from=0&to=1', 'from=a&to=1', 'from=1&to=2&x=1']) {
        const bad = await as(alice, 'GET', `/api/wiki/pages/${page.public_id}/compare?${query}`);
        expect({ query, status: bad.status, code: bad.body.error?.code }).toEqual({
          query,
          status: 400,
          code: 'VALIDATION_ERROR',
        });
      }
    });
  });

  describe('visibility', () => {
    it("hides another person's private page, a team page from non-members and other companies (404)", async () => {
      const secret = await createPage(alice, '/Private', 'Diary', 'dear diary');
      const team = await createPage(alice, '/Teams/Core', 'Core plan', 'core only');
      const routes = (id: string) => [
        `/api/wiki/pages/${id}/versions`,
        `/api/wiki/pages/${id}/versions/1`,
        `/api/wiki/pages/${id}/compare?from=1&to=1`,
      ];
      for (const [person, id] of [
        [bob, secret.public_id],
        [carol, secret.public_id],
        [bob, team.public_id],
        [outsider, page.public_id],
        [outsider, team.public_id],
      ] as const) {
        for (const route of routes(id)) {
          const result = await as(person, 'GET', route);
          expect({ route, status: result.status }).toEqual({ route, status: 404 });
          expect(result.text).not.toMatch(/diary|core only|line one/);
        }
      }
      for (const route of routes(team.public_id)) {
        expect((await as(carol, 'GET', route)).status).toBe(200);
      }
    });

    it('refuses a restricted page to people not on its list with 403 and leaks no content', async () => {
      const restricted = await createPage(alice, '/Company/Board', 'Salaries', 'secret numbers');
      await as(alice, 'PUT', `/api/wiki/pages/${restricted.public_id}/content`, {
        title: 'Salaries',
        markdown: 'more secret numbers',
        expected_version: 1,
        mutation_id: randomUUID(),
      });
      await db.query(`UPDATE wiki.pages SET restricted = true WHERE public_id = $1`, [
        restricted.public_id,
      ]);
      await db.query(
        `INSERT INTO wiki.page_access (page_id, person_id) SELECT id, $2 FROM wiki.pages WHERE public_id = $1`,
        [restricted.public_id, alice.personId],
      );
      const read = await as(bob, 'GET', `/api/wiki/pages/${restricted.public_id}`);
      expect(read.body.access).toBeNull();
      for (const route of [
        `/api/wiki/pages/${restricted.public_id}/versions`,
        `/api/wiki/pages/${restricted.public_id}/versions/1`,
        `/api/wiki/pages/${restricted.public_id}/compare?from=1&to=2`,
      ]) {
        const result = await as(bob, 'GET', route);
        expect(result.status).toBe(403);
        expect(result.body.error).toMatchObject({
          code: 'ACCESS_DENIED',
          details: { error: 'page_restricted' },
        });
        expect(result.text).not.toContain('secret numbers');
        expect((await as(alice, 'GET', route)).status).toBe(200);
      }
    });
  });
});
