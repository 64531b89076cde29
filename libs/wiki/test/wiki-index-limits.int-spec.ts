import { call, createTestPage, signInTestPerson, type TestApp } from '@cw/testing';
import { startWikiTestApp } from './wiki-test-app';

/** As many characters as a page body may hold. */
const BODY_LIMIT = 1_000_000;

/** About 110,000 distinct words: their lexemes take 1.3 MB, more than one tsvector holds. */
function distinctWords(prefix: string): string {
  const words: string[] = [];
  let length = 0;
  for (let index = 0; length < BODY_LIMIT - 20; index += 1) {
    const word = `${prefix}${index.toString(36)}ing`;
    words.push(word);
    length += word.length + 1;
  }
  return words.join(' ').slice(0, BODY_LIMIT);
}

describe('a page body whose lexemes exceed what PostgreSQL indexes (one process, real PostgreSQL)', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startWikiTestApp();
  });

  afterAll(async () => {
    await server.close();
  });

  it('is stored, and the part of it that fits in the search vector is found by search', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: `Index ${Date.now()}` });
    const body = distinctWords('zq');
    const { page } = await createTestPage(server.baseUrl, person, {
      title: 'Many words',
      markdown: body,
    });

    const read = await call<{ page: { content_md: string } }>(
      server.baseUrl,
      'GET',
      `/api/wiki/pages/${page.public_id}`,
      { cookie: person.cookie },
    );
    expect(read.status).toBe(200);
    expect(read.body.page.content_md).toHaveLength(body.length);

    const found = await call<{ results: { page_public_id: string }[] }>(
      server.baseUrl,
      'GET',
      `/api/wiki/search?q=${encodeURIComponent('zq1ing')}`,
      { cookie: person.cookie },
    );
    expect(found.status).toBe(200);
    expect(found.body.results.map((result) => result.page_public_id)).toEqual([page.public_id]);
  });

  it('can be replaced by another such body', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: `Replace ${Date.now()}` });
    const { page } = await createTestPage(server.baseUrl, person, {
      title: 'Grows',
      markdown: 'small',
    });
    const replaced = await call<{ outcome?: string }>(
      server.baseUrl,
      'PUT',
      `/api/wiki/pages/${page.public_id}/content`,
      {
        cookie: person.cookie,
        body: {
          title: 'Grows',
          markdown: distinctWords('qz'),
          expected_version: page.current_version,
          mutation_id: crypto.randomUUID(),
        },
      },
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.outcome).toBe('applied');
  });
});
