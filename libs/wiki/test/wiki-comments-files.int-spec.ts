import { createHash, randomUUID } from 'node:crypto';
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
  current_version: number;
}

interface FileView {
  id: string;
  filename: string;
  size_bytes: number;
  created_at: string;
  url: string;
}

/** The fields these tests read; each route answers a subset of them. */
interface Body {
  error: { code: string; message: string; request_id: string; details?: Record<string, unknown> };
  page: PageView;
  comment: { body_md: string };
  comments: { body_md: string }[];
  file: FileView;
  files: FileView[];
  has_more: boolean;
  next_offset: number | null;
}

const TEN_MB = 10 * 1024 * 1024;

describe('wiki comments and files (one process, real PostgreSQL)', () => {
  let server: TestApp;
  let db: DataSource;
  let alice: SignedInTestPerson;
  let bob: SignedInTestPerson;
  let carol: SignedInTestPerson;
  let outsider: SignedInTestPerson;
  let page: PageView;
  let teamPage: PageView;
  let privatePage: PageView;
  let restrictedPage: PageView;

  const as = (person: SignedInTestPerson, method: string, path: string, body?: unknown) =>
    call<Body>(server.baseUrl, method, path, { cookie: person.cookie, body });

  async function createPage(person: SignedInTestPerson, path: string, title: string) {
    return (await createTestPage(server.baseUrl, person, { title, markdown: 'body', path })).page;
  }

  async function upload(
    person: SignedInTestPerson | { token: string },
    pageId: string,
    parts: { field?: string; data: Buffer | string; filename?: string; type?: string }[],
  ): Promise<{ status: number; body: Body; headers: Headers }> {
    const form = new FormData();
    for (const part of parts) {
      const data = typeof part.data === 'string' ? part.data : new Uint8Array(part.data);
      const blob = new Blob([data], part.type === undefined ? {} : { type: part.type });
      if (part.filename === undefined) form.append(part.field ?? 'file', await blob.text());
      else form.append(part.field ?? 'file', blob, part.filename);
    }
    const headers: Record<string, string> =
      'token' in person
        ? { authorization: `Bearer ${person.token}` }
        : { cookie: `session_token=${person.cookie}` };
    const response = await fetch(`${server.baseUrl}/api/wiki/pages/${pageId}/files`, {
      method: 'POST',
      headers,
      body: form,
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : {}) as Body,
      headers: response.headers,
    };
  }

  async function fileCount(pageId: string): Promise<number> {
    const [{ count }]: { count: number }[] = await db.query(
      `SELECT count(*)::int AS count FROM wiki.files f JOIN wiki.pages p ON p.id = f.page_id WHERE p.public_id = $1`,
      [pageId],
    );
    return count;
  }

  async function commentCount(pageId: string): Promise<number> {
    const [{ count }]: { count: number }[] = await db.query(
      `SELECT count(*)::int AS count FROM wiki.comments c JOIN wiki.pages p ON p.id = c.page_id WHERE p.public_id = $1`,
      [pageId],
    );
    return count;
  }

  beforeAll(async () => {
    server = await startWikiTestApp();
    db = server.app.get(DataSource);
    alice = await signInTestPerson(server.baseUrl, { company: 'Attach Co', teams: ['Design'] });
    bob = await signInTestPerson(server.baseUrl, { company: 'Attach Co' });
    carol = await signInTestPerson(server.baseUrl, { company: 'Attach Co', teams: ['Design'] });
    outsider = await signInTestPerson(server.baseUrl, { company: 'Far Co' });
    page = await createPage(alice, '/Company/Specs', 'Spec');
    teamPage = await createPage(alice, '/Teams/Design', 'Moodboard');
    privatePage = await createPage(alice, '/Private', 'Notes');
    restrictedPage = await createPage(alice, '/Company/Specs', 'Restricted');
    await db.query(`UPDATE wiki.pages SET restricted = true WHERE public_id = $1`, [
      restrictedPage.public_id,
    ]);
    await db.query(
      `INSERT INTO wiki.page_access (page_id, person_id) SELECT id, $2 FROM wiki.pages WHERE public_id = $1`,
      [restrictedPage.public_id, alice.personId],
    );
  });
  afterAll(() => server.close());

  describe('comments', () => {
    it('posts a comment (201) and lists comments oldest first, paginated', async () => {
      const first = await as(alice, 'POST', `/api/wiki/pages/${page.public_id}/comments`, {
        body_md: 'First!',
      });
      expect(first.status).toBe(201);
      expect(first.body.comment).toMatchObject({
        page_public_id: page.public_id,
        author: { id: alice.personId },
        body_md: 'First!',
      });
      await as(bob, 'POST', `/api/wiki/pages/${page.id}/comments`, { body_md: 'Second' });
      await as(alice, 'POST', `/api/wiki/pages/${page.public_id}/comments`, { body_md: 'Third' });
      const all = await as(bob, 'GET', `/api/wiki/pages/${page.public_id}/comments`);
      expect(all.status).toBe(200);
      expect(all.body.comments.map((c) => c.body_md)).toEqual(['First!', 'Second', 'Third']);
      const slice = await as(
        bob,
        'GET',
        `/api/wiki/pages/${page.public_id}/comments?limit=2&offset=1`,
      );
      expect(slice.body).toMatchObject({ has_more: false, next_offset: null });
      expect(slice.body.comments.map((c) => c.body_md)).toEqual(['Second', 'Third']);
      const head = await as(bob, 'GET', `/api/wiki/pages/${page.public_id}/comments?limit=1`);
      expect(head.body).toMatchObject({ has_more: true, next_offset: 1 });
      // Comments do not touch the page or its versions.
      const read = await as(alice, 'GET', `/api/wiki/pages/${page.public_id}`);
      expect(read.body.page.current_version).toBe(1);
    });

    it('stores every one of 20 parallel comment posts', async () => {
      const target = await createPage(alice, '/Company/Specs', 'Busy thread');
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          as(index % 2 ? alice : bob, 'POST', `/api/wiki/pages/${target.public_id}/comments`, {
            body_md: `comment ${index}`,
          }),
        ),
      );
      expect(results.map((result) => result.status)).toEqual(Array(20).fill(201));
      expect(await commentCount(target.public_id)).toBe(20);
      const listed = await as(
        alice,
        'GET',
        `/api/wiki/pages/${target.public_id}/comments?limit=100`,
      );
      expect(new Set(listed.body.comments.map((c) => c.body_md)).size).toBe(20);
    });

    it('refuses bad bodies with 400 VALIDATION_ERROR and stores nothing', async () => {
      const before = await commentCount(page.public_id);
      for (const body of [
        {},
        { body_md: '' },
        { body_md: '   \n ' },
        { body_md: 'x'.repeat(20_001) },
        { body_md: 42 },
        { body_md: 'ok', extra: true },
      ]) {
        const result = await as(alice, 'POST', `/api/wiki/pages/${page.public_id}/comments`, body);
        expect({ status: result.status, code: result.body.error?.code }).toEqual({
          status: 400,
          code: 'VALIDATION_ERROR',
        });
      }
      const longest = await as(alice, 'POST', `/api/wiki/pages/${page.public_id}/comments`, {
        body_md: 'y'.repeat(20_000),
      });
      expect(longest.status).toBe(201);
      expect(await commentCount(page.public_id)).toBe(before + 1);
      expect(
        (await as(alice, 'POST', '/api/wiki/pages/x-1/comments', { body_md: 'a' })).status,
      ).toBe(400);
    });

    it('needs wiki:write to post and wiki:read to list', async () => {
      const reader = await createApiKey(server.baseUrl, bob.cookie, ['wiki:read']);
      const refused = await call<Body>(
        server.baseUrl,
        'POST',
        `/api/wiki/pages/${page.public_id}/comments`,
        { token: reader, body: { body_md: 'by token' } },
      );
      expect(refused.status).toBe(403);
      expect(refused.body.error.details).toMatchObject({
        error: 'insufficient_scope',
        scope: 'wiki:write',
      });
      const listed = await call<Body>(
        server.baseUrl,
        'GET',
        `/api/wiki/pages/${page.public_id}/comments`,
        { token: reader },
      );
      expect(listed.status).toBe(200);
      const writer = await createApiKey(server.baseUrl, bob.cookie, ['wiki:write']);
      const posted = await call<Body>(
        server.baseUrl,
        'POST',
        `/api/wiki/pages/${page.public_id}/comments`,
        { token: writer, body: { body_md: 'by token' } },
      );
      expect(posted.status).toBe(201);
    });

    it('follows page visibility: 404 when invisible, 403 when restricted, team members only', async () => {
      for (const [person, target] of [
        [bob, privatePage],
        [bob, teamPage],
        [outsider, page],
      ] as const) {
        for (const method of ['GET', 'POST']) {
          const result = await as(
            person,
            method,
            `/api/wiki/pages/${target.public_id}/comments`,
            method === 'POST' ? { body_md: 'hello' } : undefined,
          );
          expect(result.status).toBe(404);
        }
      }
      const restricted = await as(
        bob,
        'POST',
        `/api/wiki/pages/${restrictedPage.public_id}/comments`,
        {
          body_md: 'let me in',
        },
      );
      expect(restricted.status).toBe(403);
      expect(restricted.body.error.details).toEqual({ error: 'page_restricted' });
      expect(
        (await as(bob, 'GET', `/api/wiki/pages/${restrictedPage.public_id}/comments`)).status,
      ).toBe(403);
      expect(await commentCount(restrictedPage.public_id)).toBe(0);
      const member = await as(carol, 'POST', `/api/wiki/pages/${teamPage.public_id}/comments`, {
        body_md: 'team note',
      });
      expect(member.status).toBe(201);
      expect(await commentCount(privatePage.public_id)).toBe(0);
    });
  });

  describe('files', () => {
    it('uploads a file (201) and downloads it byte for byte with safe headers', async () => {
      const data = Buffer.from('col1,col2\n1,2\n\u00e9\n', 'utf8');
      const result = await upload(alice, page.public_id, [
        { data, filename: '../../Quarterly Report (final).csv', type: 'text/csv' },
      ]);
      expect(result.status).toBe(201);
      const sha = createHash('sha256').update(data).digest('hex');
      expect(result.body.file).toMatchObject({
        filename: 'Quarterly Report (final).csv',
        content_type: 'text/csv',
        size_bytes: data.length,
        sha256: sha,
        uploaded_by: { id: alice.personId },
        url: `/api/wiki/pages/${page.public_id}/files/${result.body.file.id}`,
      });
      expect(Date.parse(result.body.file.created_at)).not.toBeNaN();
      const [row]: { data: Buffer; sha256: Buffer }[] = await db.query(
        `SELECT data, sha256, size_bytes FROM wiki.files WHERE id = $1`,
        [result.body.file.id],
      );
      expect(Buffer.compare(row.data, data)).toBe(0);
      expect(row.sha256.toString('hex')).toBe(sha);

      const download = await fetch(`${server.baseUrl}${result.body.file.url}`, {
        headers: { cookie: `session_token=${bob.cookie}` },
      });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer())).toEqual(data);
      expect(download.headers.get('content-type')).toBe('text/csv');
      expect(download.headers.get('content-length')).toBe(String(data.length));
      expect(download.headers.get('content-disposition')).toBe(
        "attachment; filename*=UTF-8''Quarterly%20Report%20%28final%29.csv",
      );
      expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('falls back to application/octet-stream and a safe name', async () => {
      const result = await upload(alice, page.public_id, [
        { data: Buffer.from([0, 1, 2, 255]), filename: '\u202Eevil\u0007.bin', type: 'not a type' },
      ]);
      expect(result.status).toBe(201);
      expect(result.body.file).toMatchObject({
        filename: 'evil.bin',
        content_type: 'application/octet-stream',
        size_bytes: 4,
      });
      const download = await fetch(`${server.baseUrl}${result.body.file.url}`, {
        headers: { cookie: `session_token=${alice.cookie}` },
      });
      expect(download.headers.get('content-type')).toBe('application/octet-stream');
    });

    it('takes exactly 10 MB and refuses one byte more with 413 PAYLOAD_TOO_LARGE, storing nothing', async () => {
      const target = await createPage(alice, '/Company/Specs', 'Big files');
      const atLimit = await upload(alice, target.public_id, [
        { data: Buffer.alloc(TEN_MB, 7), filename: 'limit.bin' },
      ]);
      expect(atLimit.status).toBe(201);
      expect(atLimit.body.file.size_bytes).toBe(TEN_MB);
      const over = await upload(alice, target.public_id, [
        { data: Buffer.alloc(TEN_MB + 1, 7), filename: 'over.bin' },
      ]);
      expect(over.status).toBe(413);
      expect(over.body).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
      expect(over.headers.get('x-request-id')).toBe(over.body.error.request_id);
      expect(await fileCount(target.public_id)).toBe(1);
    });

    it('refuses non-multipart bodies (415), a missing file part (400), and keeps JSON routes as they were', async () => {
      const before = await fileCount(page.public_id);
      const json = await as(alice, 'POST', `/api/wiki/pages/${page.public_id}/files`, {
        file: 'x',
      });
      expect(json.status).toBe(415);
      expect(json.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      const csv = await call<Body>(
        server.baseUrl,
        'POST',
        `/api/wiki/pages/${page.public_id}/files`,
        {
          cookie: alice.cookie,
          rawBody: 'a,b',
          headers: { 'content-type': 'text/csv' },
        },
      );
      expect(csv.status).toBe(415);
      const noFile = await upload(alice, page.public_id, [{ field: 'note', data: 'just a field' }]);
      expect(noFile.status).toBe(400);
      expect(noFile.body.error.code).toBe('BAD_REQUEST');
      expect(await fileCount(page.public_id)).toBe(before);
      // A JSON route still answers 415 to multipart and to other types, and parses JSON as before.
      const form = new FormData();
      form.append('body_md', 'sneaky');
      const multipartComment = await fetch(
        `${server.baseUrl}/api/wiki/pages/${page.public_id}/comments`,
        { method: 'POST', headers: { cookie: `session_token=${alice.cookie}` }, body: form },
      );
      expect(multipartComment.status).toBe(415);
      expect(((await multipartComment.json()) as Body).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      const csvComment = await call<Body>(
        server.baseUrl,
        'POST',
        `/api/wiki/pages/${page.public_id}/comments`,
        { cookie: alice.cookie, rawBody: 'a,b', headers: { 'content-type': 'text/csv' } },
      );
      expect(csvComment.status).toBe(415);
      const jsonComment = await as(alice, 'POST', `/api/wiki/pages/${page.public_id}/comments`, {
        body_md: 'json still works',
      });
      expect(jsonComment.status).toBe(201);
    });

    it('takes one file per request: a second file part is 400 and nothing is stored', async () => {
      const target = await createPage(alice, '/Company/Specs', 'Two parts');
      const result = await upload(alice, target.public_id, [
        { data: 'one', filename: 'one.txt' },
        { field: 'other', data: 'two', filename: 'two.txt' },
      ]);
      expect(result.status).toBe(400);
      expect(result.body.error).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Send exactly one file per request.',
      });
      expect(await fileCount(target.public_id)).toBe(0);
      const withFields = await upload(alice, target.public_id, [
        { field: 'note', data: 'a text field is ignored' },
        { data: 'one', filename: 'one.txt', type: 'text/plain' },
        { field: 'trailer', data: 'so is this one' },
      ]);
      expect(withFields.status).toBe(201);
      expect(withFields.body.file).toMatchObject({ filename: 'one.txt', size_bytes: 3 });
      expect(await fileCount(target.public_id)).toBe(1);
    });

    it('lists files oldest first, paginated, without their bytes', async () => {
      const target = await createPage(alice, '/Company/Specs', 'Listed files');
      for (const name of ['a.txt', 'b.txt', 'c.txt']) {
        expect(
          (await upload(alice, target.public_id, [{ data: name, filename: name }])).status,
        ).toBe(201);
      }
      const all = await as(bob, 'GET', `/api/wiki/pages/${target.public_id}/files`);
      expect(all.status).toBe(200);
      expect(all.body.files.map((f) => f.filename)).toEqual(['a.txt', 'b.txt', 'c.txt']);
      expect(all.body.files[0]).not.toHaveProperty('data');
      const slice = await as(bob, 'GET', `/api/wiki/pages/${target.id}/files?limit=2`);
      expect(slice.body).toMatchObject({ has_more: true, next_offset: 2 });
      expect(slice.body.files.map((f) => f.filename)).toEqual(['a.txt', 'b.txt']);
    });

    it('stores every one of 8 parallel uploads', async () => {
      const target = await createPage(alice, '/Company/Specs', 'Parallel files');
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          upload(alice, target.public_id, [{ data: `file ${index}`, filename: `f${index}.txt` }]),
        ),
      );
      expect(results.map((result) => result.status)).toEqual(Array(8).fill(201));
      expect(await fileCount(target.public_id)).toBe(8);
    });

    it('follows page visibility and scopes; bad ids are 400, unknown ids 404', async () => {
      const uploaded = await upload(alice, teamPage.public_id, [
        { data: 'team', filename: 't.txt' },
      ]);
      expect(uploaded.status).toBe(201);
      const fileUrl = uploaded.body.file.url;
      expect((await as(bob, 'GET', fileUrl)).status).toBe(404);
      expect((await as(bob, 'GET', `/api/wiki/pages/${teamPage.public_id}/files`)).status).toBe(
        404,
      );
      expect((await upload(bob, teamPage.public_id, [{ data: 'x', filename: 'x' }])).status).toBe(
        404,
      );
      expect((await as(carol, 'GET', fileUrl)).status).toBe(200);
      expect((await as(outsider, 'GET', fileUrl)).status).toBe(404);
      expect(
        (await upload(bob, privatePage.public_id, [{ data: 'x', filename: 'x' }])).status,
      ).toBe(404);
      // The file id alone is not enough: it must belong to the page in the path.
      expect(
        (await as(alice, 'GET', `/api/wiki/pages/${page.public_id}/files/${uploaded.body.file.id}`))
          .status,
      ).toBe(404);
      const restricted = await upload(alice, restrictedPage.public_id, [
        { data: 'r', filename: 'r' },
      ]);
      expect(restricted.status).toBe(201);
      expect((await as(bob, 'GET', restricted.body.file.url)).status).toBe(403);
      expect(
        (await as(bob, 'GET', `/api/wiki/pages/${restrictedPage.public_id}/files`)).status,
      ).toBe(403);
      expect(
        (await upload(bob, restrictedPage.public_id, [{ data: 'x', filename: 'x' }])).status,
      ).toBe(403);
      const badId = await as(alice, 'GET', `/api/wiki/pages/${page.public_id}/files/not-a-uuid`);
      expect(badId.status).toBe(400);
      expect(badId.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'file_id' },
      });
      expect(
        (await as(alice, 'GET', `/api/wiki/pages/${page.public_id}/files/${randomUUID()}`)).status,
      ).toBe(404);
      const reader = await createApiKey(server.baseUrl, carol.cookie, ['wiki:read']);
      const byReader = await upload({ token: reader }, teamPage.public_id, [
        { data: 'x', filename: 'x' },
      ]);
      expect(byReader.status).toBe(403);
      expect(byReader.body.error.details).toMatchObject({ error: 'insufficient_scope' });
      const readerDownload = await call(server.baseUrl, 'GET', fileUrl, { token: reader });
      expect(readerDownload.status).toBe(200);
    });
  });
});
