import { randomUUID } from 'node:crypto';
import {
  call,
  createApiKey,
  type SignedInTestPerson,
  signInTestPerson,
  type TestApp,
} from '@cw/testing';
import { DataSource } from 'typeorm';
import {
  type Body,
  type Chip,
  createFolder,
  createPage,
  folderWithRule,
  newCompany,
  type Page,
  type Summary,
} from './home-fixtures';
import { startHomeTestApp } from './home-test-app';

describe('landing rules and misfiling chips (one process, real PostgreSQL)', () => {
  let server: TestApp;
  let db: DataSource;
  let alice: SignedInTestPerson;
  let bob: SignedInTestPerson;
  let carol: SignedInTestPerson;

  const as = (person: SignedInTestPerson, method: string, path: string, body?: unknown) =>
    call<Body>(server.baseUrl, method, path, { cookie: person.cookie, body });
  const chipsOf = async (person: SignedInTestPerson): Promise<Chip[]> => {
    const result = await call<Summary>(server.baseUrl, 'GET', '/api/home/summary?limit=25', {
      cookie: person.cookie,
    });
    expect(result.status).toBe(200);
    return result.body.chips;
  };
  const inbox = (person: SignedInTestPerson, title: string): Promise<Page> =>
    createPage(server.baseUrl, person, '/Private/Inbox', title);
  const accept = (person: SignedInTestPerson, pageId: number | string) =>
    as(person, 'POST', `/api/home/actions/misfiling/${pageId}/accept`);
  const pathOf = async (person: SignedInTestPerson, page: Page): Promise<string> =>
    (await as(person, 'GET', `/api/wiki/pages/${page.id}`)).body.page.path;
  const dismissals = async (person: SignedInTestPerson): Promise<string[]> => {
    const rows: { action_id: string }[] = await db.query(
      `SELECT action_id FROM home.dismissed_chips WHERE person_id = $1 ORDER BY action_id`,
      [person.personId],
    );
    return rows.map((row) => row.action_id);
  };

  beforeAll(async () => {
    server = await startHomeTestApp({ env: { RUNS_WORKER: 'off' } });
    db = server.app.get(DataSource);
    const company = newCompany();
    alice = await signInTestPerson(server.baseUrl, { company, teams: ['Ops'] });
    bob = await signInTestPerson(server.baseUrl, { company });
    carol = await signInTestPerson(server.baseUrl, { company, teams: ['Ops'] });
  });
  afterAll(() => server.close());

  describe('PUT/GET/DELETE /api/wiki/folders/{folder_id}/landing-rule', () => {
    it('sets, replaces, shows and removes the one rule of a folder', async () => {
      const folderId = await createFolder(server.baseUrl, alice, '/Company/Rules/Set');
      const set = await as(alice, 'PUT', `/api/wiki/folders/${folderId}/landing-rule`, {
        title_pattern: 'Weekly *',
      });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({
        folder_id: folderId,
        folder_path: '/Company/Rules/Set',
        title_pattern: 'Weekly *',
      });
      await as(bob, 'PUT', `/api/wiki/folders/${folderId}/landing-rule`, {
        title_pattern: 'Monthly ?',
      });
      const shown = await as(alice, 'GET', `/api/wiki/folders/${folderId}/landing-rule`);
      expect(shown.body.title_pattern).toBe('Monthly ?');
      expect((await as(alice, 'DELETE', `/api/wiki/folders/${folderId}/landing-rule`)).status).toBe(
        204,
      );
      expect((await as(alice, 'DELETE', `/api/wiki/folders/${folderId}/landing-rule`)).status).toBe(
        204,
      );
      const gone = await as(alice, 'GET', `/api/wiki/folders/${folderId}/landing-rule`);
      expect(gone.status).toBe(404);
    });

    it('leaves exactly one rule after 10 parallel PUTs', async () => {
      const folderId = await createFolder(server.baseUrl, alice, '/Company/Rules/Parallel');
      const patterns = Array.from({ length: 10 }, (_, n) => `Parallel ${n} *`);
      const results = await Promise.all(
        patterns.map((pattern) =>
          as(alice, 'PUT', `/api/wiki/folders/${folderId}/landing-rule`, {
            title_pattern: pattern,
          }),
        ),
      );
      expect(results.map((result) => result.status)).toEqual(Array(10).fill(200));
      const shown = await as(alice, 'GET', `/api/wiki/folders/${folderId}/landing-rule`);
      expect(patterns).toContain(shown.body.title_pattern);
    });

    it('refuses bad patterns and folders nobody may write, changing nothing', async () => {
      const folderId = await createFolder(server.baseUrl, alice, '/Company/Rules/Refused');
      const privateId = await createFolder(server.baseUrl, alice, '/Private/Mine');
      const teamId = await createFolder(server.baseUrl, alice, '/Teams/Ops/Shelf');
      const cases: [SignedInTestPerson, string, unknown, number, string][] = [
        [alice, folderId, { title_pattern: '' }, 400, 'VALIDATION_ERROR'],
        [alice, folderId, { title_pattern: '   ' }, 400, 'VALIDATION_ERROR'],
        [alice, folderId, { title_pattern: 'x'.repeat(201) }, 400, 'VALIDATION_ERROR'],
        [alice, folderId, { title_pattern: 'tab\there' }, 400, 'VALIDATION_ERROR'],
        [alice, folderId, { title_pattern: 7 }, 400, 'VALIDATION_ERROR'],
        [alice, folderId, { title_pattern: null }, 400, 'VALIDATION_ERROR'],
        [alice, folderId, {}, 400, 'VALIDATION_ERROR'],
        [alice, folderId, { title_pattern: 'a*', extra: 1 }, 400, 'VALIDATION_ERROR'],
        [alice, 'not-a-uuid', { title_pattern: 'a*' }, 400, 'VALIDATION_ERROR'],
        [alice, randomUUID(), { title_pattern: 'a*' }, 404, 'NOT_FOUND'],
        [bob, privateId, { title_pattern: 'a*' }, 404, 'NOT_FOUND'],
        [bob, teamId, { title_pattern: 'a*' }, 404, 'NOT_FOUND'],
      ];
      for (const [person, id, body, status, code] of cases) {
        const result = await as(person, 'PUT', `/api/wiki/folders/${id}/landing-rule`, body);
        expect({ body, status: result.status, code: result.body.error?.code }).toEqual({
          body,
          status,
          code,
        });
      }
      expect((await as(bob, 'DELETE', `/api/wiki/folders/${privateId}/landing-rule`)).status).toBe(
        404,
      );
      for (const id of [folderId, privateId, teamId]) {
        expect((await as(alice, 'GET', `/api/wiki/folders/${id}/landing-rule`)).status).toBe(404);
      }
    });

    it('needs wiki:write on a token to set a rule', async () => {
      const folderId = await createFolder(server.baseUrl, alice, '/Company/Rules/Scoped');
      const reader = await createApiKey(server.baseUrl, alice.cookie, ['wiki:read']);
      const refused = await call<Body>(
        server.baseUrl,
        'PUT',
        `/api/wiki/folders/${folderId}/landing-rule`,
        { token: reader, body: { title_pattern: 'a*' } },
      );
      expect(refused.status).toBe(403);
      expect(refused.body.error.details).toMatchObject({ error: 'insufficient_scope' });
    });
  });

  describe('chips', () => {
    it('raises a chip for an Inbox page that a writable folder’s rule matches, for each caller', async () => {
      await folderWithRule(server.baseUrl, alice, '/Company/Runbooks/Deploys', 'deploy *');
      const mine = await inbox(alice, 'Deploy 2024-05-01');
      const bobs = await inbox(bob, 'DEPLOY hotfix');
      await inbox(alice, 'Lunch ideas');
      expect(await chipsOf(alice)).toContainEqual({
        action_id: `misfiling-${mine.id}`,
        kind: 'misfiling',
        message: '“Deploy 2024-05-01” looks like it belongs in /Company/Runbooks/Deploys',
        notification_id: mine.id,
      });
      expect((await chipsOf(alice)).map((chip) => chip.message).join()).not.toContain('Lunch');
      expect((await chipsOf(bob)).map((chip) => chip.notification_id)).toContain(bobs.id);
      expect((await chipsOf(bob)).map((chip) => chip.notification_id)).not.toContain(mine.id);
    });

    it('names the most specific rule when several match', async () => {
      await folderWithRule(server.baseUrl, alice, '/Company/Specific/All', 'Incident *');
      await folderWithRule(server.baseUrl, alice, '/Company/Specific/Db', 'Incident db-*');
      const page = await inbox(alice, 'Incident db-outage');
      const chip = (await chipsOf(alice)).find((each) => each.notification_id === page.id);
      expect(chip?.message).toBe(
        '“Incident db-outage” looks like it belongs in /Company/Specific/Db',
      );
    });

    it('keeps private and team folders’ rules to those who can write them', async () => {
      await folderWithRule(server.baseUrl, alice, '/Private/Recipes', 'Recipe *');
      await folderWithRule(server.baseUrl, alice, '/Teams/Ops/Postmortems', 'Postmortem *');
      const aliceRecipe = await inbox(alice, 'Recipe soup');
      const bobRecipe = await inbox(bob, 'Recipe bread');
      const bobPostmortem = await inbox(bob, 'Postmortem 7');
      const carolPostmortem = await inbox(carol, 'Postmortem 8');
      const ids = async (person: SignedInTestPerson) =>
        (await chipsOf(person)).map((chip) => chip.notification_id);
      expect(await ids(alice)).toContain(aliceRecipe.id);
      expect(await ids(bob)).not.toContain(bobRecipe.id);
      expect(await ids(bob)).not.toContain(bobPostmortem.id);
      expect(await ids(carol)).toContain(carolPostmortem.id);
    });

    it('lists at most limit chips', async () => {
      await folderWithRule(server.baseUrl, carol, '/Company/Limits', 'Limit *');
      for (const n of [1, 2, 3]) await inbox(carol, `Limit ${n}`);
      const result = await call<Summary>(server.baseUrl, 'GET', '/api/home/summary?limit=2', {
        cookie: carol.cookie,
      });
      expect(result.body.chips).toHaveLength(2);
    });
  });

  describe('POST /api/home/actions/{action_id}/dismiss', () => {
    it('hides the chip for the caller only, idempotently under parallel calls', async () => {
      await folderWithRule(server.baseUrl, alice, '/Company/Dismiss', 'Standup *');
      const alicePage = await inbox(alice, 'Standup monday');
      const bobPage = await inbox(bob, 'Standup tuesday');
      const actionId = `misfiling-${alicePage.id}`;
      const results = await Promise.all(
        Array.from({ length: 6 }, () => as(alice, 'POST', `/api/home/actions/${actionId}/dismiss`)),
      );
      expect(results.map((result) => result.status)).toEqual(Array(6).fill(204));
      expect(results[0].text).toBe('');
      expect((await chipsOf(alice)).map((chip) => chip.action_id)).not.toContain(actionId);
      expect(await dismissals(alice)).toContain(actionId);
      expect((await dismissals(alice)).filter((id) => id === actionId)).toHaveLength(1);
      expect((await chipsOf(bob)).map((chip) => chip.notification_id)).toContain(bobPage.id);
      const refused = await accept(alice, alicePage.id);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: 'BAD_REQUEST',
        details: { reason: 'dismissed' },
      });
      expect(await pathOf(alice, alicePage)).toBe('/Private/Inbox/Standup monday');
    });

    it('refuses malformed action ids with 400 (414 past 200 characters), recording nothing', async () => {
      const before = await dismissals(alice);
      for (const bad of ['Misfiling-1', 'a_b', 'a%20b', 'a.b', 'x'.repeat(101)]) {
        const result = await as(alice, 'POST', `/api/home/actions/${bad}/dismiss`);
        expect({ bad, status: result.status, code: result.body.error?.code }).toEqual({
          bad,
          status: 400,
          code: 'VALIDATION_ERROR',
        });
        expect(result.body.error.details).toMatchObject({ field: 'action_id' });
      }
      // Longer than 200 characters: the platform's router refuses any such path parameter.
      const long = await as(alice, 'POST', `/api/home/actions/${'x'.repeat(201)}/dismiss`);
      expect({ status: long.status, code: long.body.error.code }).toEqual({
        status: 414,
        code: 'BAD_REQUEST',
      });
      expect(await dismissals(alice)).toEqual(before);
    });
  });

  describe('POST /api/home/actions/misfiling/{notification_id}/accept', () => {
    it('moves the page into the rule’s folder; the chip is gone and a second accept is 400', async () => {
      await folderWithRule(server.baseUrl, alice, '/Company/Accept/Invoices', 'Invoice *');
      const page = await inbox(alice, 'Invoice 1001');
      const accepted = await accept(alice, page.id);
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({
        moved: true,
        action_id: `misfiling-${page.id}`,
        previous_path: '/Private/Inbox/Invoice 1001',
        page: { id: page.id, path: '/Company/Accept/Invoices/Invoice 1001', lane: 'company' },
        folder: { path: '/Company/Accept/Invoices' },
      });
      expect(await pathOf(alice, page)).toBe('/Company/Accept/Invoices/Invoice 1001');
      expect((await chipsOf(alice)).map((chip) => chip.notification_id)).not.toContain(page.id);
      const again = await accept(alice, page.id);
      expect(again.status).toBe(400);
      expect(again.body.error).toMatchObject({
        code: 'BAD_REQUEST',
        details: { reason: 'not_in_inbox' },
      });
      expect(again.body.error.message).toContain('no longer in your Inbox');
    });

    it('moves once under 5 parallel accepts: one 200, four 400 not_in_inbox', async () => {
      await folderWithRule(server.baseUrl, alice, '/Private/Parallel', 'Race *');
      const page = await inbox(alice, 'Race one');
      const results = await Promise.all(Array.from({ length: 5 }, () => accept(alice, page.id)));
      expect(results.map((result) => result.status).sort()).toEqual([200, 400, 400, 400, 400]);
      for (const refused of results.filter((result) => result.status === 400)) {
        expect(refused.body.error.details).toMatchObject({ reason: 'not_in_inbox' });
      }
      const moved = await as(alice, 'GET', `/api/wiki/pages/${page.id}`);
      expect(moved.body.page).toMatchObject({
        path: '/Private/Parallel/Race one',
        current_version: page.current_version,
      });
    });

    it('refuses each gate with 400 BAD_REQUEST and its reason, moving nothing', async () => {
      const targetId = await folderWithRule(server.baseUrl, alice, '/Company/Gates', 'Gate *');
      const gone = await inbox(alice, 'Gate rule gone');
      await createPage(server.baseUrl, alice, '/Company/Gates', 'Gate taken');
      const taken = await inbox(alice, 'Gate taken');
      const outside = await createPage(server.baseUrl, alice, '/Company/Elsewhere', 'Gate outside');
      const cases: [SignedInTestPerson, number | string, string][] = [
        [alice, 999_999_999, 'no_such_page'],
        [bob, taken.id, 'no_such_page'],
        [alice, outside.id, 'not_in_inbox'],
        [alice, taken.id, 'title_taken'],
      ];
      for (const [person, id, reason] of cases) {
        const result = await accept(person, id);
        expect({ id, status: result.status, code: result.body.error?.code }).toEqual({
          id,
          status: 400,
          code: 'BAD_REQUEST',
        });
        expect(result.body.error.details).toMatchObject({ reason });
      }
      expect(await pathOf(alice, taken)).toBe('/Private/Inbox/Gate taken');
      expect(await pathOf(alice, outside)).toBe('/Company/Elsewhere/Gate outside');
      expect((await as(alice, 'DELETE', `/api/wiki/folders/${targetId}/landing-rule`)).status).toBe(
        204,
      );
      const noRule = await accept(alice, gone.id);
      expect(noRule.status).toBe(400);
      expect(noRule.body.error.details).toMatchObject({ reason: 'no_matching_rule' });
      expect(await pathOf(alice, gone)).toBe('/Private/Inbox/Gate rule gone');
    });

    it('refuses malformed notification ids with 400 and a token without wiki:write with 403', async () => {
      for (const bad of ['abc', '0', '-1', '1.5', '1234567890123456789']) {
        const result = await accept(alice, bad);
        expect({ bad, status: result.status, code: result.body.error?.code }).toEqual({
          bad,
          status: 400,
          code: 'VALIDATION_ERROR',
        });
      }
      await folderWithRule(server.baseUrl, alice, '/Company/Scoped', 'Scoped *');
      const page = await inbox(alice, 'Scoped page');
      const reader = await createApiKey(server.baseUrl, alice.cookie, ['wiki:read']);
      const refused = await call<Body>(
        server.baseUrl,
        'POST',
        `/api/home/actions/misfiling/${page.id}/accept`,
        { token: reader },
      );
      expect(refused.status).toBe(403);
      expect(await pathOf(alice, page)).toBe('/Private/Inbox/Scoped page');
    });
  });
});
