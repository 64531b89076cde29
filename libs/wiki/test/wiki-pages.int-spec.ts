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

interface PageBody {
  page: {
    id: number;
    public_id: string;
    current_version: number;
    title: string;
    path: string;
    content_md?: string;
  };
  access: { can_edit: boolean } | null;
}

describe('wiki pages (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;
  let dataSource: DataSource;
  let alice: SignedInTestPerson;
  let token: string;

  const createPage = async (
    who: string,
    title: string,
    markdown: string,
    path?: string,
  ): Promise<PageBody> =>
    createTestPage<PageBody>(server.baseUrl, { token: who }, { title, markdown, path });
  const read = (who: string, id: number | string) =>
    call<PageBody>(server.baseUrl, 'GET', `/api/wiki/pages/${id}`, { token: who });
  const edit = (who: string, id: number, body: Record<string, unknown>) =>
    call<Record<string, unknown>>(server.baseUrl, 'POST', `/api/wiki/pages/${id}/edits`, {
      token: who,
      body: { mutation_id: randomUUID(), ...body },
    });

  beforeAll(async () => {
    server = await startWikiTestApp();
    dataSource = server.app.get(DataSource);
    alice = await signInTestPerson(server.baseUrl, { company: 'Wiki Co', teams: ['Research'] });
    token = await createApiKey(server.baseUrl, alice.cookie, ['wiki:write']);
  });
  afterAll(() => server.close());

  describe('reading and lanes', () => {
    it('reads by legacy id and by public UUID, with the path made of folder path and title', async () => {
      const created = await createPage(token, 'Runbook', 'step one', '/Company/Ops');
      expect(created.page.path).toBe('/Company/Ops/Runbook');
      const byId = await read(token, created.page.id);
      const byUuid = await read(token, created.page.public_id);
      expect(byId.body).toEqual(byUuid.body);
      expect(byId.body).toMatchObject({
        title: 'Runbook',
        page: { content_md: 'step one', current_version: 1, lane: 'company' },
      });
      expect((await read(token, 'not-an-id')).status).toBe(400);
    });

    it('keeps private pages to their owner, admins included, and team pages to the team', async () => {
      const mine = await createPage(token, 'Diary', 'secret', '/Private/Notes');
      const team = await createPage(token, 'Plan', 'team plan', '/Teams/Research');
      const admin = await signInTestPerson(server.baseUrl, { company: 'Wiki Co', role: 'admin' });
      const adminKey = await createApiKey(server.baseUrl, admin.cookie, ['wiki:read']);
      expect((await read(adminKey, mine.page.id)).status).toBe(404);
      expect((await read(adminKey, team.page.id)).status).toBe(404);
      const teammate = await signInTestPerson(server.baseUrl, {
        company: 'Wiki Co',
        teams: ['Research'],
      });
      const teammateKey = await createApiKey(server.baseUrl, teammate.cookie, ['wiki:read']);
      expect((await read(teammateKey, team.page.id)).status).toBe(200);
      const outsider = await signInTestPerson(server.baseUrl, { company: 'Other Co' });
      const outsiderKey = await createApiKey(server.baseUrl, outsider.cookie, ['wiki:read']);
      const company = await createPage(token, 'Handbook', 'for all', '/Company');
      expect((await read(outsiderKey, company.page.id)).status).toBe(404);
      expect((await read(adminKey, company.page.id)).status).toBe(200);
    });

    it('gives access null and no content for a restricted page the reader is not listed on', async () => {
      const page = await createPage(token, 'Salaries', 'numbers', '/Company/HR');
      // The restriction list is set in the web app only; the test sets it directly.
      await dataSource.query('UPDATE wiki.pages SET restricted = true WHERE id = $1', [
        page.page.id,
      ]);
      await dataSource.query('INSERT INTO wiki.page_access (page_id, person_id) VALUES ($1, $2)', [
        page.page.id,
        alice.personId,
      ]);
      const colleague = await signInTestPerson(server.baseUrl, { company: 'Wiki Co' });
      const colleagueKey = await createApiKey(server.baseUrl, colleague.cookie, ['wiki:write']);
      const limited = await read(colleagueKey, page.page.id);
      expect(limited.status).toBe(200);
      expect(limited.body.access).toBeNull();
      expect(limited.body.page).not.toHaveProperty('content_md');
      const refused = await edit(colleagueKey, page.page.id, {
        expected_version: 1,
        edits: [{ kind: 'replace', find: 'numbers', replace: 'leaked' }],
      });
      expect(refused.status).toBe(403);
      expect((await read(token, page.page.id)).body.page.content_md).toBe('numbers');
    });

    it('needs wiki:read to read and wiki:write to write', async () => {
      const readOnly = await createApiKey(server.baseUrl, alice.cookie, ['wiki:read']);
      const page = await createPage(token, 'Scoped', 'x', '/Company');
      expect((await read(readOnly, page.page.id)).status).toBe(200);
      const write = await edit(readOnly, page.page.id, {
        expected_version: 1,
        edits: [{ kind: 'replace', find: 'x', replace: 'y' }],
      });
      expect(write.status).toBe(403);
      expect(write.body).toMatchObject({
        error: { details: { error: 'insufficient_scope', scope: 'wiki:write' } },
      });
      const other = await createApiKey(server.baseUrl, alice.cookie, ['workflows:read']);
      expect((await read(other, page.page.id)).status).toBe(403);
    });
  });

  describe('edits', () => {
    it('applies, reports and replays an edit without writing twice', async () => {
      const page = await createPage(token, 'Replay', 'alpha beta gamma', '/Company');
      const mutationId = randomUUID();
      const body = {
        expected_version: 1,
        mutation_id: mutationId,
        edits: [{ kind: 'replace', find: 'beta', replace: 'BETA' }],
      };
      const first = await call(server.baseUrl, 'POST', `/api/wiki/pages/${page.page.id}/edits`, {
        token,
        body,
      });
      expect(first.body).toMatchObject({
        outcome: 'applied',
        base_version: 1,
        current_version: 2,
        attempts: 1,
        max_attempts: 3,
      });
      const again = await call(server.baseUrl, 'POST', `/api/wiki/pages/${page.page.id}/edits`, {
        token,
        body,
      });
      expect(again.body).toMatchObject({
        outcome: 'applied',
        current_version: 2,
        mutation: { mutation_id: mutationId, replayed: true },
      });
      const reused = await call(server.baseUrl, 'POST', `/api/wiki/pages/${page.page.id}/edits`, {
        token,
        body: { ...body, edits: [{ kind: 'replace', find: 'gamma', replace: 'G' }] },
      });
      expect(reused.status).toBe(409);
      expect(reused.body).toMatchObject({ error: { code: 'MUTATION_ID_REUSED' } });
      const [{ count }]: { count: number }[] = await dataSource.query(
        'SELECT count(*)::int AS count FROM wiki.page_versions WHERE page_id = $1',
        [page.page.id],
      );
      expect(count).toBe(2);
    });

    it('converges parallel retries of one mutation on one write', async () => {
      const page = await createPage(token, 'Retry storm', 'one two', '/Company');
      const body = {
        expected_version: 1,
        mutation_id: randomUUID(),
        edits: [{ kind: 'replace', find: 'two', replace: '2' }],
      };
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          call<{ outcome: string }>(
            server.baseUrl,
            'POST',
            `/api/wiki/pages/${page.page.id}/edits`,
            { token, body },
          ),
        ),
      );
      expect(results.map((result) => result.body.outcome)).toEqual(Array(8).fill('applied'));
      expect((await read(token, page.page.id)).body.page).toMatchObject({
        current_version: 2,
        content_md: 'one 2',
      });
    });

    it('refuses one mutation id sent to two pages at once with 409 for the loser', async () => {
      const first = await createPage(token, 'Twin A', 'x', '/Company');
      const second = await createPage(token, 'Twin B', 'x', '/Company');
      const mutationId = randomUUID();
      const results = await Promise.all(
        [first, second].map((page) =>
          call(server.baseUrl, 'POST', `/api/wiki/pages/${page.page.id}/edits`, {
            token,
            body: {
              expected_version: 1,
              mutation_id: mutationId,
              edits: [{ kind: 'replace', find: 'x', replace: 'y' }],
            },
          }),
        ),
      );
      expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
      const contents = await Promise.all(
        [first, second].map(async (page) => (await read(token, page.page.id)).body.page.content_md),
      );
      expect(contents.sort()).toEqual(['x', 'y']);
    });

    it('loses no update: many parallel non-overlapping edits with one stale expected_version all apply', async () => {
      const lines = Array.from({ length: 16 }, (_, index) => `line ${index} todo`);
      const page = await createPage(token, 'Busy page', lines.join('\n'), '/Company');
      const results = await Promise.all(
        lines.map((line, index) =>
          edit(token, page.page.id, {
            expected_version: 1,
            edits: [{ kind: 'replace', find: line, replace: `line ${index} done` }],
          }),
        ),
      );
      expect(results.map((result) => result.body.outcome)).toEqual(Array(16).fill('applied'));
      const final = await read(token, page.page.id);
      expect(final.body.page.current_version).toBe(17);
      expect(final.body.page.content_md).toBe(
        lines.map((_, index) => `line ${index} done`).join('\n'),
      );
      const versions = results
        .map((result) => result.body.current_version as number)
        .sort((a, b) => a - b);
      expect(versions).toEqual(Array.from({ length: 16 }, (_, index) => index + 2));
    });

    it('reports conflict with max_attempts 1 when the page moved, and writes nothing', async () => {
      const page = await createPage(token, 'Strict', 'a b', '/Company');
      await edit(token, page.page.id, {
        expected_version: 1,
        edits: [{ kind: 'replace', find: 'a', replace: 'A' }],
      });
      const strict = await edit(token, page.page.id, {
        expected_version: 1,
        max_attempts: 1,
        edits: [{ kind: 'replace', find: 'b', replace: 'B' }],
      });
      expect(strict.body).toMatchObject({
        outcome: 'conflict',
        current_version: 2,
        attempts: 1,
        max_attempts: 1,
      });
      expect((await read(token, page.page.id)).body.page.content_md).toBe('A b');
    });

    it('reports refused, overtaken and no_change with a note and writes nothing', async () => {
      const page = await createPage(token, 'Outcomes', 'red green red', '/Company');
      const ambiguous = await edit(token, page.page.id, {
        expected_version: 1,
        edits: [{ kind: 'replace', find: 'red', replace: 'blue' }],
      });
      expect(ambiguous.body).toMatchObject({
        outcome: 'refused',
        refusal: { edit_index: 0, reason: 'anchor_ambiguous' },
      });
      const absent = await edit(token, page.page.id, {
        expected_version: 1,
        edits: [{ kind: 'replace', find: 'yellow', replace: 'x' }],
      });
      expect(absent.body).toMatchObject({
        outcome: 'refused',
        refusal: { reason: 'anchor_absent' },
      });
      await edit(token, page.page.id, {
        expected_version: 1,
        edits: [{ kind: 'replace', find: 'green', replace: 'teal' }],
      });
      const overtaken = await edit(token, page.page.id, {
        expected_version: 1,
        edits: [{ kind: 'replace', find: 'green', replace: 'lime' }],
      });
      expect(overtaken.body).toMatchObject({ outcome: 'overtaken', base_version: 2, attempts: 2 });
      const already = await edit(token, page.page.id, {
        expected_version: 2,
        edits: [{ kind: 'replace', find: 'green', replace: 'teal' }],
      });
      expect(already.body).toMatchObject({ outcome: 'no_change', current_version: 2 });
      for (const result of [ambiguous, absent, overtaken, already])
        expect(typeof result.body.note).toBe('string');
      expect((await read(token, page.page.id)).body.page).toMatchObject({
        current_version: 2,
        content_md: 'red teal red',
      });
    });

    it('refuses malformed edit requests with 400 and changes nothing', async () => {
      const page = await createPage(token, 'Validation', 'text', '/Company');
      for (const body of [
        { expected_version: 1, edits: [{ kind: 'replace', find: 'text', replace: 'x' }] },
        {
          expected_version: 1,
          mutation_id: 'nope',
          edits: [{ kind: 'replace', find: 'text', replace: 'x' }],
        },
        { expected_version: 1, mutation_id: randomUUID(), edits: [] },
        {
          expected_version: 1,
          mutation_id: randomUUID(),
          edits: [{ kind: 'regex', find: 't', replace: 'x' }],
        },
        {
          expected_version: 1,
          mutation_id: randomUUID(),
          edits: [{ kind: 'replace', find: '', replace: 'x' }],
        },
        {
          expected_version: 0,
          mutation_id: randomUUID(),
          edits: [{ kind: 'replace', find: 'text', replace: 'x' }],
        },
        {
          expected_version: 9,
          mutation_id: randomUUID(),
          edits: [{ kind: 'replace', find: 'text', replace: 'x' }],
        },
      ]) {
        const result = await call(server.baseUrl, 'POST', `/api/wiki/pages/${page.page.id}/edits`, {
          token,
          body,
        });
        expect({ body, status: result.status }).toEqual({ body, status: 400 });
      }
      expect((await read(token, page.page.id)).body.page).toMatchObject({
        current_version: 1,
        content_md: 'text',
      });
    });
  });

  describe('replacement and append', () => {
    it('replaces at the head, keeps a stale submission as a draft, and answers stale_noop for identical content', async () => {
      const page = await createPage(token, 'Doc', 'v1', '/Company');
      const put = (body: Record<string, unknown>) =>
        call<Record<string, unknown>>(
          server.baseUrl,
          'PUT',
          `/api/wiki/pages/${page.page.id}/content`,
          {
            token,
            body: { title: 'Doc', mutation_id: randomUUID(), ...body },
          },
        );
      expect((await put({ markdown: 'v2', expected_version: 1 })).body).toMatchObject({
        outcome: 'applied',
        current_version: 2,
      });
      const stale = await put({ markdown: 'other', expected_version: 1 });
      expect(stale.body).toMatchObject({
        outcome: 'newer_version_available',
        current_version: 2,
        saved_draft_version: 3,
      });
      expect((await put({ markdown: 'v2', expected_version: 1 })).body).toMatchObject({
        outcome: 'stale_noop',
        current_version: 2,
      });
      const head = await read(token, page.page.id);
      expect(head.body.page).toMatchObject({ current_version: 2, content_md: 'v2' });
      const [draft]: { content_md: string; is_draft: boolean }[] = await dataSource.query(
        'SELECT content_md, is_draft FROM wiki.page_versions WHERE page_id = $1 AND version = 3',
        [page.page.id],
      );
      expect(draft).toEqual({ content_md: 'other', is_draft: true });
    });

    it('appends at the head and never overwrites a newer one', async () => {
      const page = await createPage(token, 'Log', 'first', '/Company');
      const append = (markdown: string, expected: number) =>
        call<Record<string, unknown>>(
          server.baseUrl,
          'POST',
          `/api/wiki/pages/${page.page.id}/appends`,
          {
            token,
            body: { markdown, expected_version: expected, mutation_id: randomUUID() },
          },
        );
      expect((await append('second', 1)).body).toMatchObject({
        outcome: 'applied',
        current_version: 2,
      });
      expect((await append('third', 1)).body).toMatchObject({
        outcome: 'newer_version_available',
        saved_draft_version: 3,
      });
      expect((await read(token, page.page.id)).body.page.content_md).toBe('first\n\nsecond');
    });
  });

  describe('upserts and trash', () => {
    it('files path-less upserts in the Private Inbox and finds the same page after a rename', async () => {
      const upsert = (body: Record<string, unknown>) =>
        call<{
          outcome: string;
          created?: { page_public_id: string };
          saved?: { page_public_id: string };
          page: { path: string };
        }>(server.baseUrl, 'POST', '/api/wiki/pages/upserts', { token, body });
      const created = await upsert({ title: 'Standup notes', markdown: 'monday' });
      expect(created.body).toMatchObject({
        outcome: 'created',
        page: { path: '/Private/Inbox/Standup notes' },
      });
      const id = created.body.created!.page_public_id;
      const page = await read(token, id);
      await call(server.baseUrl, 'PUT', `/api/wiki/pages/${id}/content`, {
        token,
        body: {
          title: 'Standups (renamed)',
          markdown: 'monday',
          expected_version: page.body.page.current_version,
          mutation_id: randomUUID(),
        },
      });
      const saved = await upsert({ title: 'Standup notes', markdown: 'tuesday' });
      expect(saved.body).toMatchObject({ outcome: 'saved', saved: { page_public_id: id } });
      expect((await read(token, id)).body).toMatchObject({
        title: 'Standups (renamed)',
        page: { content_md: 'tuesday' },
      });
    });

    it('converges parallel upserts of one title on one page', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          call<{ created?: { page_public_id: string }; saved?: { page_public_id: string } }>(
            server.baseUrl,
            'POST',
            '/api/wiki/pages/upserts',
            {
              token,
              body: { title: 'Parallel idea', markdown: `draft ${index}`, path: '/Company/Ideas' },
            },
          ),
        ),
      );
      expect(results.map((result) => result.status)).toEqual(Array(10).fill(200));
      const ids = new Set(
        results.map((result) => (result.body.created ?? result.body.saved)!.page_public_id),
      );
      expect(ids.size).toBe(1);
    });

    it('appends by title (legacy, no mutation identity): creates, then every parallel append lands', async () => {
      const append = (markdown: string) =>
        call<{ outcome: string; created?: { page_public_id: string }; version: number }>(
          server.baseUrl,
          'POST',
          '/api/wiki/pages/appends',
          { token, body: { title: 'Append log', markdown, path: '/Company/Logs' } },
        );
      const first = await append('line 0');
      expect(first.body).toMatchObject({ outcome: 'created', version: 1 });
      const id = first.body.created!.page_public_id;
      const rest = await Promise.all(
        Array.from({ length: 8 }, (_, index) => append(`line ${index + 1}`)),
      );
      expect(rest.map((answer) => [answer.status, answer.body.outcome])).toEqual(
        Array(8).fill([200, 'saved']),
      );
      const lines = (await read(token, id)).body.page.content_md!.split('\n\n');
      expect(lines.sort()).toEqual(Array.from({ length: 9 }, (_, index) => `line ${index}`).sort());
      const refused = await call(server.baseUrl, 'POST', '/api/wiki/pages/appends', {
        token,
        body: { title: 'Append log', markdown: '', path: '/Company/Logs' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: { code: 'VALIDATION_ERROR', details: { field: 'markdown' } },
      });
      expect((await read(token, id)).body.page.current_version).toBe(9);
    });

    it('moves a deleted page to the Trash, and restores it with the session only', async () => {
      const page = await createPage(token, 'Old plan', 'obsolete', '/Company');
      expect(
        (await call(server.baseUrl, 'DELETE', `/api/wiki/pages/${page.page.id}`, { token })).status,
      ).toBe(200);
      expect((await read(token, page.page.id)).status).toBe(404);
      expect((await call(server.baseUrl, 'GET', '/api/wiki/trash', { token })).status).toBe(403);
      const trash = await call<{ pages: { public_id: string }[] }>(
        server.baseUrl,
        'GET',
        '/api/wiki/trash',
        { cookie: alice.cookie },
      );
      expect(trash.body.pages.map((each) => each.public_id)).toContain(page.page.public_id);
      expect(
        (await call(server.baseUrl, 'POST', `/api/wiki/trash/${page.page.id}/restore`, { token }))
          .status,
      ).toBe(403);
      expect(
        (
          await call(server.baseUrl, 'POST', `/api/wiki/trash/${page.page.id}/restore`, {
            cookie: alice.cookie,
          })
        ).status,
      ).toBe(200);
      expect((await read(token, page.page.id)).body.page.content_md).toBe('obsolete');
    });
  });
});
