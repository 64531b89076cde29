import {
  call,
  createApiKey,
  createTestPage,
  type SignedInTestPerson,
  signInTestPerson,
  type TestApp,
} from '@cw/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MAX_PREFIX_LEXEMES } from '../src/search/prefix-expansion';
import { SearchTermRepository } from '../src/search/search-term.repository';
import { startWikiTestApp } from './wiki-test-app';

interface SearchResult {
  page_id: number;
  page_public_id: string;
  path: string;
  title: string;
  version: number;
  url: string;
  snippet: string;
}

interface SearchBody {
  results: SearchResult[];
  has_more: boolean;
}

interface CreatedPage {
  id: number;
  publicId: string;
}

describe('wiki search (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;
  let dataSource: DataSource;
  let alice: SignedInTestPerson;
  let bob: SignedInTestPerson;
  let admin: SignedInTestPerson;
  let outsider: SignedInTestPerson;

  async function createPage(
    who: SignedInTestPerson,
    path: string,
    title: string,
    markdown: string,
  ): Promise<CreatedPage> {
    const { page } = await createTestPage(server.baseUrl, who, { path, title, markdown });
    return { id: page.id, publicId: page.public_id };
  }

  function search(
    who: SignedInTestPerson | { token: string },
    q: string,
    extra = '',
  ): ReturnType<typeof call<SearchBody>> {
    const credential = 'token' in who ? { token: who.token } : { cookie: who.cookie };
    return call<SearchBody>(
      server.baseUrl,
      'GET',
      `/api/wiki/search?q=${encodeURIComponent(q)}${extra}`,
      credential,
    );
  }

  async function titlesFor(who: SignedInTestPerson, q: string): Promise<string[]> {
    const result = await search(who, q, '&limit=50');
    expect(result.status).toBe(200);
    return result.body.results.map((hit) => hit.title);
  }

  beforeAll(async () => {
    server = await startWikiTestApp();
    dataSource = server.app.get(DataSource);
    alice = await signInTestPerson(server.baseUrl, { company: 'Search Co', teams: ['Research'] });
    bob = await signInTestPerson(server.baseUrl, { company: 'Search Co', teams: ['Sales'] });
    admin = await signInTestPerson(server.baseUrl, { company: 'Search Co', role: 'admin' });
    outsider = await signInTestPerson(server.baseUrl, { company: 'Other Co' });
  });
  afterAll(() => server.close());

  describe('ranking, phrases, prefixes and snippets', () => {
    let runbook: CreatedPage;
    let weekly: CreatedPage;

    beforeAll(async () => {
      weekly = await createPage(
        alice,
        '/Company/Eng',
        'Weekly notes',
        'We talked about kubernetes upgrades, the release of the app, and lunch.',
      );
      runbook = await createPage(
        alice,
        '/Company/Eng',
        'Kubernetes runbook',
        'How we operate the cluster day to day.',
      );
      await createPage(
        alice,
        '/Company/Eng',
        'Release process',
        'The release train leaves every Tuesday at noon.',
      );
      await createPage(
        alice,
        '/Company/Eng',
        'Train schedules',
        'A train to the coast; the release of the timetable is late.',
      );
    });

    it('ranks a title match above a body match and returns every field', async () => {
      const result = await search(alice, 'kubernetes');
      expect(result.status).toBe(200);
      expect(result.body.has_more).toBe(false);
      expect(result.body.results.map((hit) => hit.title)).toEqual([
        'Kubernetes runbook',
        'Weekly notes',
      ]);
      expect(result.body.results[0]).toEqual({
        page_id: runbook.id,
        page_public_id: runbook.publicId,
        path: '/Company/Eng/Kubernetes runbook',
        title: 'Kubernetes runbook',
        version: 1,
        url: `/wiki/pages/${runbook.publicId}`,
        snippet: expect.any(String),
      });
      expect(result.body.results[1].page_id).toBe(weekly.id);
    });

    it('highlights matches in the snippet with « and »', async () => {
      const result = await search(alice, 'kubernetes');
      const snippet = result.body.results.find((hit) => hit.title === 'Weekly notes')!.snippet;
      expect(snippet).toContain('«kubernetes»');
      expect(snippet).toContain('upgrades');
      expect(snippet).not.toContain('<');
    });

    it('matches a quoted phrase only where the words are adjacent', async () => {
      expect(await titlesFor(alice, '"release train"')).toEqual(['Release process']);
      expect((await titlesFor(alice, 'release train')).sort()).toEqual([
        'Release process',
        'Train schedules',
      ]);
    });

    it('matches the last word as a prefix, also after other words', async () => {
      expect(await titlesFor(alice, 'kuber')).toEqual(['Kubernetes runbook', 'Weekly notes']);
      expect(await titlesFor(alice, 'upgrades kube')).toEqual(['Weekly notes']);
      expect(await titlesFor(alice, 'timet*')).toEqual(['Train schedules']);
    });

    it('supports exclusion and or', async () => {
      expect(await titlesFor(alice, 'release -timetable')).toEqual(
        expect.arrayContaining(['Release process', 'Weekly notes']),
      );
      expect(await titlesFor(alice, 'release -timetable')).not.toContain('Train schedules');
      expect((await titlesFor(alice, 'cluster or coast')).sort()).toEqual([
        'Kubernetes runbook',
        'Train schedules',
      ]);
    });

    it('answers 200 with no results for stop words only', async () => {
      for (const q of ['the', 'the of and', '"the"']) {
        const result = await search(alice, q);
        expect({ q, status: result.status, body: result.body }).toEqual({
          q,
          status: 200,
          body: { results: [], has_more: false },
        });
      }
    });
  });

  describe('prefixes through the company lexicon (wiki.search_terms)', () => {
    const lexemesOf = async (companyId: string, prefix: string): Promise<string[]> => {
      const rows: { lexeme: string }[] = await dataSource.query(
        `SELECT lexeme FROM wiki.search_terms WHERE company_id = $1 AND starts_with(lexeme, $2)
          ORDER BY lexeme`,
        [companyId, prefix],
      );
      return rows.map((row) => row.lexeme);
    };
    const expandPrefix = (companyId: string, word: string) =>
      server.app.get(SearchTermRepository).expandPrefix(dataSource.manager, companyId, word);

    it('keeps the search vector in the row, where ranking reads it without a TOAST lookup', async () => {
      const [column]: { attstorage: string }[] = await dataSource.query(
        `SELECT attstorage FROM pg_attribute
          WHERE attrelid = 'wiki.pages'::regclass AND attname = 'search_vector'`,
      );
      expect(column.attstorage).toBe('m');
    });

    it('finds a word of a new page, and a word an edit adds, by its prefix', async () => {
      const page = await createPage(
        alice,
        '/Company/Lab',
        'Lab notes',
        'Calibrate the frobnicator.',
      );
      expect(await titlesFor(alice, 'frobni')).toEqual(['Lab notes']);
      expect(await lexemesOf(alice.companyId, 'frobni')).toEqual(['frobnic']);

      const edited = await call(server.baseUrl, 'POST', `/api/wiki/pages/${page.id}/edits`, {
        cookie: alice.cookie,
        body: {
          expected_version: 1,
          mutation_id: randomUUID(),
          edits: [{ kind: 'replace', find: 'frobnicator', replace: 'glorpwidget' }],
        },
      });
      expect(edited.body).toMatchObject({ outcome: 'applied' });
      expect(await titlesFor(alice, 'glorpw')).toEqual(['Lab notes']);
      // The lexicon only grows; the old word now expands to a lexeme no page has.
      expect(await titlesFor(alice, 'frobni')).toEqual([]);
      expect(await lexemesOf(alice.companyId, 'frobni')).toEqual(['frobnic']);
    });

    it('never lets an expansion cached from an earlier search hide a new word', async () => {
      // Nothing in the company starts with "zappa" yet: the expansion is empty (and cached).
      expect(await titlesFor(alice, 'zappa')).toEqual([]);
      // The cached expansion finds nothing; the search reads the lexicon again and retries.
      await createPage(alice, '/Company/Lab', 'Z one', 'A zappatista wrote this.');
      expect(await titlesFor(alice, 'zappa')).toEqual(['Z one']);
      // Now cached with one lexeme, which still finds a page; the statement's own read of the
      // lexicon shows a second lexeme, and the search runs again with both.
      await createPage(alice, '/Company/Lab', 'Z two', 'The zapparoni sauce.');
      expect((await titlesFor(alice, 'zappa')).sort()).toEqual(['Z one', 'Z two']);
      expect(await lexemesOf(alice.companyId, 'zappa')).toEqual(['zapparoni', 'zappatista']);
    });

    it("keeps each company's words to itself", async () => {
      await createPage(outsider, '/Company/Lab', 'Their notes', 'The zorblax turbine.');
      expect(await titlesFor(outsider, 'zorbl')).toEqual(['Their notes']);
      expect(await titlesFor(alice, 'zorbl')).toEqual([]);
      expect(await lexemesOf(alice.companyId, 'zorbl')).toEqual([]);
      expect((await expandPrefix(alice.companyId, 'zorbl')).match).toEqual({
        kind: 'lexemes',
        lexemes: [],
      });
    });

    it('falls back to a partial match when the prefix starts too many words', async () => {
      const words = Array.from(
        { length: MAX_PREFIX_LEXEMES + 1 },
        (_, index) => `plink${String.fromCharCode(97 + index)}zz`,
      );
      await createPage(alice, '/Company/Lab', 'Plink words', words.join(' '));
      expect((await expandPrefix(alice.companyId, 'plink')).match).toEqual({
        kind: 'partial',
      });
      expect(await titlesFor(alice, 'plink')).toEqual(['Plink words']);
      expect(await titlesFor(alice, 'plinkq')).toEqual(['Plink words']);
      expect(await expandPrefix(alice.companyId, 'the')).toEqual({
        word: 'the',
        stem: null,
        match: { kind: 'partial' },
      });
    });

    it('records shared new words of parallel writers once, without deadlock', async () => {
      const words = Array.from({ length: 40 }, (_, index) => `vorpal${index}x`);
      const shuffled = () => [...words].sort(() => Math.random() - 0.5).join(' ');
      const created = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          createPage(alice, '/Company/Parallel', `Vorpal ${index}`, shuffled()),
        ),
      );
      expect(created).toHaveLength(8);
      expect(await lexemesOf(alice.companyId, 'vorpal')).toEqual(['vorpal', ...words].sort());
      const hits = await search(alice, 'vorpal1', '&limit=50');
      expect(hits.body.results).toHaveLength(8);
    });
  });

  describe('pagination', () => {
    const ids: number[] = [];

    beforeAll(async () => {
      // Same body, same title length: equal ranks, so the order is the tie-break by page id.
      for (let n = 1; n <= 7; n += 1)
        ids.push((await createPage(alice, '/Company/Census', `Census ${n}`, 'pangolin count')).id);
    });

    it('pages through equal ranks by id with has_more, without gaps or repeats', async () => {
      const seen: number[] = [];
      const pages: boolean[] = [];
      for (const offset of [0, 3, 6]) {
        const result = await search(alice, 'pangolin', `&limit=3&offset=${offset}`);
        expect(result.status).toBe(200);
        seen.push(...result.body.results.map((hit) => hit.page_id));
        pages.push(result.body.has_more);
      }
      expect(seen).toEqual(ids);
      expect(pages).toEqual([true, true, false]);
      const exact = await search(alice, 'pangolin', '&limit=7');
      expect(exact.body.has_more).toBe(false);
      const beyond = await search(alice, 'pangolin', '&offset=10000');
      expect(beyond.body).toEqual({ results: [], has_more: false });
    });

    it('defaults to 10 results', async () => {
      for (let n = 8; n <= 12; n += 1)
        await createPage(alice, '/Company/Census', `Census ${n}`, 'pangolin count');
      const result = await search(alice, 'pangolin');
      expect(result.body.results).toHaveLength(10);
      expect(result.body.has_more).toBe(true);
    });
  });

  describe('visibility', () => {
    let restricted: CreatedPage;

    beforeAll(async () => {
      await createPage(alice, '/Private/Notes', 'Zebra diary', 'zebra stripes at home');
      await createPage(alice, '/Teams/Research', 'Quasar findings', 'zebra quasar spectra');
      await createPage(alice, '/Company/Zoo', 'Zebra enclosure', 'zebra feeding plan');
      await createPage(outsider, '/Company/Zoo', 'Zebra elsewhere', 'zebra in another company');
      restricted = await createPage(alice, '/Company/Zoo', 'Zebra budget', 'zebra money');
      // The restriction list is set in the web app only (no API route): set it directly.
      await dataSource.query(`UPDATE wiki.pages SET restricted = true WHERE id = $1`, [
        restricted.id,
      ]);
      await dataSource.query(`INSERT INTO wiki.page_access (page_id, person_id) VALUES ($1, $2)`, [
        restricted.id,
        bob.personId,
      ]);
      const trashed = await createPage(alice, '/Company/Zoo', 'Zebra leftovers', 'zebra old');
      const deleted = await call(server.baseUrl, 'DELETE', `/api/wiki/pages/${trashed.publicId}`, {
        cookie: alice.cookie,
      });
      expect(deleted.status).toBe(200);
    });

    it('shows the owner their private page and team pages, but no unlisted restricted page', async () => {
      expect((await titlesFor(alice, 'zebra')).sort()).toEqual([
        'Quasar findings',
        'Zebra diary',
        'Zebra enclosure',
      ]);
    });

    it('never shows a private page to anyone else, an admin included, nor a team page to non-members', async () => {
      expect((await titlesFor(admin, 'zebra')).sort()).toEqual(['Zebra enclosure']);
      expect((await titlesFor(bob, 'zebra')).sort()).toEqual(['Zebra budget', 'Zebra enclosure']);
    });

    it('never crosses companies', async () => {
      expect(await titlesFor(outsider, 'zebra')).toEqual(['Zebra elsewhere']);
      expect(await titlesFor(alice, 'elsewhere')).toEqual([]);
    });

    it('leaves out trashed pages', async () => {
      expect(await titlesFor(alice, 'leftovers')).toEqual([]);
      expect(await titlesFor(bob, 'leftovers')).toEqual([]);
    });
  });

  describe('credentials and input', () => {
    it('admits a wiki:read key and refuses a workflows:read key with insufficient_scope', async () => {
      await createPage(alice, '/Company/Keys', 'Okapi sighting', 'okapi');
      const reader = await createApiKey(server.baseUrl, alice.cookie, ['wiki:read']);
      const readResult = await search({ token: reader }, 'okapi');
      expect(readResult.status).toBe(200);
      expect(readResult.body.results.map((hit) => hit.title)).toEqual(['Okapi sighting']);

      const workflows = await createApiKey(server.baseUrl, alice.cookie, ['workflows:read']);
      const refused = await search({ token: workflows }, 'okapi');
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        success: false,
        error: { code: 'ACCESS_DENIED', details: { error: 'insufficient_scope' } },
      });
      expect((await call(server.baseUrl, 'GET', '/api/wiki/search?q=okapi')).status).toBe(401);
    });

    it('refuses a missing, blank or too long q and bad limit or offset with 400', async () => {
      for (const query of [
        '',
        'q=',
        'q=%20%20%20',
        `q=${'x'.repeat(501)}`,
        'q=a&limit=0',
        'q=a&limit=51',
        'q=a&limit=abc',
        'q=a&limit=1.5',
        'q=a&offset=-1',
        'q=a&offset=10001',
        'q=a&q=b',
        'q=a&unknown=1',
      ]) {
        const result = await call(server.baseUrl, 'GET', `/api/wiki/search?${query}`, {
          cookie: alice.cookie,
        });
        expect({ query, status: result.status, body: result.body }).toMatchObject({
          query,
          status: 400,
          body: { success: false, error: { code: 'VALIDATION_ERROR' } },
        });
      }
    });

    it('answers hostile search text with 200 or 400, never 500, and changes nothing', async () => {
      const [before]: { count: string }[] = await dataSource.query(
        `SELECT count(*) FROM wiki.pages`,
      );
      const nasty = [
        "'",
        '"',
        '""',
        '"unclosed phrase',
        '&|!:*()<>',
        'a & b | !c',
        'foo:* & bar:A',
        '<-> <2> <->',
        '(((((((',
        ')))',
        '\\',
        '\\\\\\',
        "\\'",
        "'; DROP TABLE wiki.pages; --",
        "1' OR '1'='1",
        'SELECT * FROM wiki.pages WHERE 1=1',
        '$1 $$ $tag$',
        "E'\\x00'",
        '%',
        '_',
        ':*',
        '*',
        "'':*",
        '-',
        '--',
        '- -',
        'or',
        'or or or',
        'kube or',
        '-"',
        '"-"',
        '!!!',
        '\u0000',
        'a\u0000b',
        '\u0001\u0002\u001f\u007f',
        '\t\n\r',
        'naïve café 東京 данные',
        '😀🔥🚀',
        'ﷺ مرحبا עברית',
        'e\u0301\u0301\u0301',
        '\uFEFF\u200B\u200D',
        '\uFFFF\uFFFE',
        '𝐀'.repeat(250),
        'x'.repeat(500),
        `${'y'.repeat(499)}*`,
        'word '.repeat(100),
        'a '.repeat(250),
        '"a b c d e f g h i j k l m n o p"',
        'x'.repeat(10_000),
        '<script>alert(1)</script>',
        '{"$ne": null}',
        '../../etc/passwd',
      ];
      for (const q of nasty) {
        const result = await search(alice, q);
        expect({ q: q.slice(0, 40), status: [200, 400].includes(result.status) }).toEqual({
          q: q.slice(0, 40),
          status: true,
        });
        if (result.status === 200) expect(Array.isArray(result.body.results)).toBe(true);
      }
      for (const raw of [
        'q=%ED%A0%80',
        'q=%FF%FE',
        'q=%',
        'q=%zz',
        'q=%C0%80',
        'q[]=a',
        'q[a]=b',
        'q=a%00b',
      ]) {
        const result = await call(server.baseUrl, 'GET', `/api/wiki/search?${raw}`, {
          cookie: alice.cookie,
        });
        expect({ raw, status: [200, 400].includes(result.status) }).toEqual({
          raw,
          status: true,
        });
      }
      const [after]: { count: string }[] = await dataSource.query(
        `SELECT count(*) FROM wiki.pages`,
      );
      expect(after.count).toBe(before.count);
    });
  });
});
