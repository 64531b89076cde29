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

interface Note {
  page_id: string;
  version: number;
  title: string;
  content: string;
  format: string;
  lane: string;
  retrieval: 'personal_memory' | 'search';
  url: string;
  provenance: {
    author: string;
    saved_at: string;
    message: string | null;
    source_kind: string | null;
    source_provider: string | null;
    source_label: string | null;
  } | null;
}

interface Bootstrap {
  query: string | null;
  include_shared: boolean;
  notes: Note[];
  has_more: boolean;
  guidance: string;
}

interface CreatedPage {
  id: number;
  publicId: string;
}

describe('memory bootstrap (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;
  let dataSource: DataSource;
  let pat: SignedInTestPerson;
  let quinn: SignedInTestPerson;
  let admin: SignedInTestPerson;

  async function createPage(
    who: SignedInTestPerson,
    path: string,
    title: string,
    markdown: string,
  ): Promise<CreatedPage> {
    const { page } = await createTestPage(server.baseUrl, who, { path, title, markdown });
    return { id: page.id, publicId: page.public_id };
  }

  async function upsert(
    who: SignedInTestPerson,
    body: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const result = await call(server.baseUrl, 'POST', '/api/wiki/pages/upserts', {
      cookie: who.cookie,
      body,
    });
    if (result.status !== 200) throw new Error(`upsert failed: ${result.status} ${result.text}`);
    return result.body;
  }

  function bootstrap(
    who: SignedInTestPerson | { token: string },
    query = '',
  ): ReturnType<typeof call<Bootstrap>> {
    const credential = 'token' in who ? { token: who.token } : { cookie: who.cookie };
    return call<Bootstrap>(
      server.baseUrl,
      'GET',
      `/api/wiki/memory/bootstrap${query ? `?${query}` : ''}`,
      credential,
    );
  }

  async function titlesFor(who: SignedInTestPerson, query: string): Promise<string[]> {
    const result = await bootstrap(who, query);
    expect(result.status).toBe(200);
    return result.body.notes.map((note) => note.title);
  }

  async function rowCounts(): Promise<Record<string, string>> {
    const [row]: Record<string, string>[] = await dataSource.query(
      `SELECT (SELECT count(*) FROM wiki.pages) AS pages,
              (SELECT count(*) FROM wiki.folders) AS folders,
              (SELECT count(*) FROM wiki.page_versions) AS versions,
              (SELECT count(*) FROM wiki.page_access) AS access`,
    );
    return row;
  }

  beforeAll(async () => {
    server = await startWikiTestApp();
    dataSource = server.app.get(DataSource);
    pat = await signInTestPerson(server.baseUrl, { company: 'Memory Co', teams: ['Research'] });
    quinn = await signInTestPerson(server.baseUrl, { company: 'Memory Co', teams: ['Research'] });
    admin = await signInTestPerson(server.baseUrl, { company: 'Memory Co', role: 'admin' });
  });
  afterAll(() => server.close());

  describe('rule 1: the standing memory page', () => {
    it('creates nothing and returns no notes when there is no standing page', async () => {
      const fresh = await signInTestPerson(server.baseUrl, { company: 'Memory Co' });
      const before = await rowCounts();
      for (const query of ['', 'query=anything', 'query=anything&include_shared=true']) {
        const result = await bootstrap(fresh, query);
        expect(result.status).toBe(200);
        expect(result.body.notes).toEqual([]);
        expect(result.body.has_more).toBe(false);
        expect(result.body.guidance).toContain('/Private');
        expect(result.body.guidance).toContain('My assistant memory');
      }
      expect(await rowCounts()).toEqual(before);
    });

    it('comes first with its current body and head provenance when not empty', async () => {
      const saved = await upsert(pat, {
        path: '/Private',
        title: 'My assistant memory',
        markdown: 'Pat prefers metric units. Ocelot project lead.',
        message: 'first memory',
      });
      const publicId = (saved.created as { page_public_id: string }).page_public_id;
      const result = await bootstrap(pat);
      expect(result.status).toBe(200);
      expect(result.body).toEqual({
        query: null,
        include_shared: false,
        has_more: false,
        guidance: expect.stringContaining('/Private/My assistant memory'),
        notes: [
          {
            page_id: publicId,
            version: 1,
            title: 'My assistant memory',
            content: 'Pat prefers metric units. Ocelot project lead.',
            format: 'markdown',
            lane: 'private',
            retrieval: 'personal_memory',
            url: `/wiki/pages/${publicId}`,
            provenance: {
              author: pat.personId,
              saved_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
              message: 'first memory',
              source_kind: 'web',
              source_provider: null,
              source_label: null,
            },
          },
        ],
      });
      expect(result.body.guidance).toMatch(/upserts/);
    });

    it('is left out when its body is empty or blank', async () => {
      const blank = await signInTestPerson(server.baseUrl, { company: 'Memory Co' });
      await upsert(blank, { path: '/Private', title: 'My assistant memory', markdown: '  \n ' });
      await createPage(blank, '/Private/Notes', 'Ocelot thoughts', 'ocelot');
      const result = await bootstrap(blank, 'query=ocelot');
      expect(result.body.notes.map((note) => [note.title, note.retrieval])).toEqual([
        ['Ocelot thoughts', 'search'],
      ]);
    });
  });

  describe('rules 2 to 7: matching notes', () => {
    let habits: CreatedPage;

    beforeAll(async () => {
      habits = await createPage(pat, '/Private/Notes', 'Ocelot habits', 'ocelot care, day one');
      await createPage(pat, '/Private/Notes', 'Ocelot diet', 'the ocelot eats mice');
      await createPage(pat, '/Private/Notes', 'Unrelated', 'nothing to see');
      await createPage(pat, '/Private/Workflow notes', 'Ocelot workflow ideas', 'ocelot ideas');
      await createPage(pat, '/Private/Workflows', 'Ocelot run state', 'ocelot cursor 42');
      await createPage(pat, '/Private/Workflows/Daily', 'Ocelot daily', 'ocelot daily digest');
      await createPage(pat, '/Private/Projects/Workflow memory', 'Ocelot memo', 'ocelot step');
      await createPage(pat, '/Company/Ops/Workflow memory', 'Ocelot shared run', 'ocelot shared');
      const index = await createPage(pat, '/Private/Notes', 'Notes index', 'ocelot index');
      // Folder index pages are made by folder routes (not built yet): mark one directly.
      await dataSource.query(`UPDATE wiki.pages SET is_folder_index = true WHERE id = $1`, [
        index.id,
      ]);
      await createPage(pat, '/Teams/Research', 'Ocelot research', 'ocelot field study');
      await createPage(pat, '/Company/Zoo', 'Ocelot enclosure', 'ocelot enclosure plan');
      const restricted = await createPage(pat, '/Company/Zoo', 'Ocelot budget', 'ocelot money');
      // The restriction list is set in the web app only (no API route): set it directly.
      await dataSource.query(`UPDATE wiki.pages SET restricted = true WHERE id = $1`, [
        restricted.id,
      ]);
      await dataSource.query(`INSERT INTO wiki.page_access (page_id, person_id) VALUES ($1, $2)`, [
        restricted.id,
        quinn.personId,
      ]);
      const trashed = await createPage(pat, '/Private/Notes', 'Ocelot old', 'ocelot old');
      expect(
        (
          await call(server.baseUrl, 'DELETE', `/api/wiki/pages/${trashed.publicId}`, {
            cookie: pat.cookie,
          })
        ).status,
      ).toBe(200);
      await createPage(quinn, '/Private/Notes', 'Ocelot secrets of Quinn', 'ocelot secret');
      await createPage(admin, '/Private/Notes', 'Ocelot admin note', 'ocelot admin');
    });

    it('rule 2: returns keyword matches in the Private lane after the standing page', async () => {
      const result = await bootstrap(pat, 'query=%20ocelot%20');
      expect(result.status).toBe(200);
      expect(result.body.query).toBe('ocelot');
      expect(result.body.include_shared).toBe(false);
      const notes = result.body.notes;
      expect(notes[0]).toMatchObject({
        title: 'My assistant memory',
        retrieval: 'personal_memory',
      });
      expect(
        notes
          .slice(1)
          .map((note) => note.title)
          .sort(),
      ).toEqual(['Ocelot diet', 'Ocelot habits', 'Ocelot workflow ideas']);
      for (const note of notes.slice(1))
        expect(note).toMatchObject({ retrieval: 'search', lane: 'private', format: 'markdown' });
      expect(result.body.guidance).toContain('include_shared=true');
    });

    it('rule 2: matches by prefix and phrase like search, and the standing page only once', async () => {
      expect(await titlesFor(pat, 'query=ocel')).toHaveLength(4);
      expect(await titlesFor(pat, `query=${encodeURIComponent('"eats mice"')}`)).toEqual([
        'My assistant memory',
        'Ocelot diet',
      ]);
      // The standing page's own words: it is not repeated as a search match.
      expect(await titlesFor(pat, 'query=metric')).toEqual(['My assistant memory']);
    });

    it('rule 3: leaves out folder indexes and workflow memory', async () => {
      const titles = await titlesFor(pat, 'query=ocelot&include_shared=true&limit=50');
      for (const excluded of [
        'Notes index',
        'Ocelot run state',
        'Ocelot daily',
        'Ocelot memo',
        'Ocelot shared run',
      ])
        expect(titles).not.toContain(excluded);
      expect(titles).toContain('Ocelot workflow ideas');
    });

    it('rule 4: adds readable team and company pages only with include_shared=true, after private ones', async () => {
      const result = await bootstrap(pat, 'query=ocelot&include_shared=true&limit=50');
      expect(result.body.include_shared).toBe(true);
      const notes = result.body.notes;
      expect(notes.map((note) => note.lane)).toEqual([
        'private',
        'private',
        'private',
        'private',
        expect.stringMatching(/^(team|company)$/),
        expect.stringMatching(/^(team|company)$/),
      ]);
      expect(notes[0].retrieval).toBe('personal_memory');
      expect(
        notes
          .slice(4)
          .map((note) => note.title)
          .sort(),
      ).toEqual(['Ocelot enclosure', 'Ocelot research']);
      expect(notes.slice(4).every((note) => note.retrieval === 'search')).toBe(true);
      // Not listed on the restricted page: left out, as in search.
      expect(result.body.notes.map((note) => note.title)).not.toContain('Ocelot budget');
      expect(await titlesFor(quinn, 'query=budget&include_shared=true')).toEqual(['Ocelot budget']);
    });

    it('rule 5: never returns another person’s private notes, to an administrator neither', async () => {
      const asAdmin = await bootstrap(admin, 'query=ocelot&include_shared=true&limit=50');
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.body.notes.map((note) => [note.lane, note.title])).toEqual([
        ['private', 'Ocelot admin note'],
        ['company', 'Ocelot enclosure'],
      ]);
      const asAdminNoQuery = await bootstrap(admin);
      expect(asAdminNoQuery.body.notes).toEqual([]);
      const asQuinn = await titlesFor(quinn, 'query=ocelot&include_shared=true&limit=50');
      expect(asQuinn).toContain('Ocelot secrets of Quinn');
      expect(asQuinn).toContain('Ocelot research');
      for (const title of ['My assistant memory', 'Ocelot habits', 'Ocelot diet'])
        expect(asQuinn).not.toContain(title);
    });

    it('rule 6: has_more says more permitted notes matched beyond limit', async () => {
      // Permitted: the standing page and three private matches; then two shared ones.
      const cases: [string, number, boolean][] = [
        ['query=ocelot&limit=4', 4, false],
        ['query=ocelot&limit=3', 3, true],
        ['query=ocelot&limit=1', 1, true],
        ['query=ocelot&include_shared=true&limit=6', 6, false],
        ['query=ocelot&include_shared=true&limit=5', 5, true],
        ['query=ocelot', 4, false],
        ['limit=1', 1, false],
      ];
      for (const [query, count, hasMore] of cases) {
        const result = await bootstrap(pat, query);
        expect({ query, count: result.body.notes.length, has_more: result.body.has_more }).toEqual({
          query,
          count,
          has_more: hasMore,
        });
      }
      const limited = await bootstrap(pat, 'query=ocelot&limit=1');
      expect(limited.body.notes[0].retrieval).toBe('personal_memory');
      expect(limited.body.guidance).toMatch(/limit/);
    });

    it('rule 7: returns the current body and its provenance, not an older or draft version', async () => {
      const replaced = await call(
        server.baseUrl,
        'PUT',
        `/api/wiki/pages/${habits.publicId}/content`,
        {
          cookie: pat.cookie,
          body: {
            title: 'Ocelot habits',
            markdown: 'ocelot care, day two',
            expected_version: 1,
            mutation_id: randomUUID(),
            message: 'second day',
          },
        },
      );
      expect(replaced.status).toBe(200);
      // A submission against version 1 is kept as a draft and does not become the head.
      const draft = await upsert(pat, {
        path: '/Private/Notes',
        title: 'Ocelot habits',
        markdown: 'ocelot care, stale draft',
        expected_version: 1,
      });
      expect(draft).toMatchObject({ outcome: 'newer_version_available', saved_draft_version: 3 });
      const result = await bootstrap(pat, 'query=ocelot');
      const note = result.body.notes.find((candidate) => candidate.page_id === habits.publicId);
      expect(note).toMatchObject({
        version: 2,
        content: 'ocelot care, day two',
        provenance: { author: pat.personId, message: 'second day', source_kind: 'web' },
      });
      expect(await titlesFor(pat, 'query=stale')).toEqual(['My assistant memory']);
      expect(await titlesFor(pat, `query=${encodeURIComponent('"day one"')}`)).toEqual([
        'My assistant memory',
      ]);
    });

    it('has null provenance when the head version row is missing', async () => {
      const bare = await createPage(pat, '/Private/Notes', 'Ocelot bare', 'ocelot bare');
      await dataSource.query(`DELETE FROM wiki.page_versions WHERE page_id = $1`, [bare.id]);
      const result = await bootstrap(pat, 'query=bare');
      expect(result.body.notes.find((note) => note.title === 'Ocelot bare')).toMatchObject({
        provenance: null,
        version: 1,
      });
    });

    it('creates nothing, whatever it is asked', async () => {
      const before = await rowCounts();
      for (const query of [
        '',
        'query=ocelot',
        'query=ocelot&include_shared=true&limit=50',
        'query=nothing-matches-this',
      ])
        expect((await bootstrap(pat, query)).status).toBe(200);
      expect((await bootstrap(quinn, 'query=ocelot')).status).toBe(200);
      expect(await rowCounts()).toEqual(before);
    });
  });

  describe('credentials and input', () => {
    it('admits a wiki:read key and refuses a workflows:read key with insufficient_scope', async () => {
      const reader = await createApiKey(server.baseUrl, pat.cookie, ['wiki:read']);
      const read = await bootstrap({ token: reader });
      expect(read.status).toBe(200);
      expect(read.body.notes[0].title).toBe('My assistant memory');
      const workflows = await createApiKey(server.baseUrl, pat.cookie, ['workflows:read']);
      const refused = await bootstrap({ token: workflows });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        error: { code: 'ACCESS_DENIED', details: { error: 'insufficient_scope' } },
      });
      expect((await call(server.baseUrl, 'GET', '/api/wiki/memory/bootstrap')).status).toBe(401);
    });

    it('treats an empty query as none, and refuses bad parameters with 400', async () => {
      const empty = await bootstrap(pat, 'query=%20');
      expect(empty.status).toBe(200);
      expect(empty.body.query).toBeNull();
      expect(empty.body.notes.map((note) => note.retrieval)).toEqual(['personal_memory']);
      for (const query of [
        'limit=0',
        'limit=51',
        'limit=x',
        'include_shared=maybe',
        'include_shared=true&include_shared=false',
        `query=${'x'.repeat(501)}`,
        'query=a&query=b',
        'q=ocelot',
      ]) {
        const result = await bootstrap(pat, query);
        expect({ query, status: result.status, body: result.body }).toMatchObject({
          query,
          status: 400,
          body: { error: { code: 'VALIDATION_ERROR' } },
        });
      }
    });

    it('answers hostile queries with 200 or 400, never 500', async () => {
      for (const text of [
        "'; DROP TABLE wiki.pages; --",
        '"unclosed',
        '&|!:*()<>\\',
        '\u0000',
        '😀 東京 данные',
        'x'.repeat(500),
        '-',
        'or',
      ]) {
        const result = await bootstrap(pat, `query=${encodeURIComponent(text)}&include_shared=1`);
        expect({ text: text.slice(0, 30), ok: [200, 400].includes(result.status) }).toEqual({
          text: text.slice(0, 30),
          ok: true,
        });
      }
    });
  });
});
