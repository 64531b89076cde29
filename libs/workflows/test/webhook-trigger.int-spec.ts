import { randomBytes, randomUUID } from 'node:crypto';
import { DirectoryService } from '@cw/identity';
import { endMembershipUnannounced } from '@cw/identity/testing';
import {
  call,
  createApiKey,
  type HttpResult,
  type SignedInTestPerson,
  signInTestPerson,
  type TestApp,
} from '@cw/testing';
import pino from 'pino';
import { DataSource } from 'typeorm';
import type { Workflow } from '../src/workflows-schema';
import { type NewWorkflow, WorkflowRepository } from '../src/definitions/workflow.repository';
import { WebhookLinkRepository } from '../src/triggers/webhook-link.repository';
import { hashWebhookToken } from '../src/triggers/webhook-token';
import { createTestWorkflow } from './runs-fixtures';
import { startWorkflowsTestApp } from './workflows-test-app';

jest.setTimeout(60_000);

const HOURLY_LIMIT = 25;

interface Link {
  public_id: string;
  token: string;
  url: string;
}

interface Started {
  success: boolean;
  run_id: string;
  status: string;
}

interface ErrorBody {
  error: { code: string; details?: { field?: string } };
}

describe('webhook links and the trigger (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;
  let dataSource: DataSource;
  const logLines: string[] = [];
  let companyName: string;
  let owner: SignedInTestPerson;

  beforeAll(async () => {
    server = await startWorkflowsTestApp({
      env: { RUNS_HOURLY_START_LIMIT: String(HOURLY_LIMIT), RUNS_WORKER: 'off' },
      logger: pino({ level: 'info' }, { write: (line: string) => logLines.push(line) }),
    });
    dataSource = server.app.get(DataSource);
    companyName = `Hook Co ${randomBytes(3).toString('hex')}`;
    owner = await signInTestPerson(server.baseUrl, { company: companyName });
  });
  afterAll(() => server.close());

  /** A hooked workflow of `person` (the shared fixture, with this spec's inputs and step). */
  function makeWorkflow(
    person: SignedInTestPerson,
    overrides: Partial<NewWorkflow> = {},
  ): Promise<Workflow> {
    return createTestWorkflow(server, person, {
      inputs: [
        { name: 'topic', type: 'text', required: true },
        { name: 'count', type: 'number', required: false },
        { name: 'urgent', type: 'boolean', required: false },
      ],
      definition: {
        steps: [{ id: 'compose', block: 'text.compose', template: 'About {{inputs.topic}}' }],
        deliverables: [],
        budget: {},
      },
      ...overrides,
    });
  }

  function linkCall<T>(
    method: string,
    workflow: Pick<Workflow, 'id'>,
    suffix = '',
    credentials: { cookie?: string; token?: string } = { cookie: owner.cookie },
  ): Promise<HttpResult<T>> {
    return call<T>(server.baseUrl, method, `/api/workflows/${workflow.id}/webhook-link${suffix}`, {
      ...credentials,
    });
  }

  async function linkFor(workflow: Workflow): Promise<Link> {
    const created = await linkCall<Link>('POST', workflow);
    expect(created.status).toBe(201);
    return created.body;
  }

  function trigger(url: string, body?: unknown): Promise<HttpResult<Started & ErrorBody>> {
    return call<Started & ErrorBody>(server.baseUrl, 'POST', url, { body });
  }

  async function runsOf(
    workflow: Workflow,
  ): Promise<{ id: string; trigger: string; started_by: string; inputs: unknown }[]> {
    return dataSource.query(
      'SELECT id, trigger, started_by, inputs FROM workflows.runs WHERE workflow_id = $1',
      [workflow.id],
    );
  }

  async function linkCount(workflow: Workflow): Promise<number> {
    const [{ count }]: { count: number }[] = await dataSource.query(
      'SELECT count(*)::int AS count FROM workflows.webhook_links WHERE workflow_id = $1',
      [workflow.id],
    );
    return count;
  }

  it('creates a link shown once, and a trigger starts a run as its creator without waiting', async () => {
    const workflow = await makeWorkflow(owner);
    const created = await linkCall<Link>('POST', workflow);
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.body).toEqual({
      public_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      url: `/api/workflows/hooks/${created.body.public_id}/${created.body.token}`,
    });
    const [stored]: { token_hash: Buffer }[] = await dataSource.query(
      'SELECT token_hash FROM workflows.webhook_links WHERE workflow_id = $1',
      [workflow.id],
    );
    expect(stored.token_hash.toString('utf8')).not.toContain(created.body.token);

    const started = await trigger(created.body.url, { topic: 'Quarterly plan', count: 3 });
    expect(started.status).toBe(201);
    expect(started.body).toEqual({
      success: true,
      run_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'running',
    });
    expect(await runsOf(workflow)).toEqual([
      {
        id: started.body.run_id,
        trigger: 'webhook',
        started_by: owner.personId,
        inputs: { topic: 'Quarterly plan', count: 3 },
      },
    ]);
    // Once known, the link is not read again: the start is the one statement.
    const reads = jest.spyOn(server.app.get(WebhookLinkRepository), 'findCredential');
    try {
      expect((await trigger(created.body.url, { topic: 'Again' })).status).toBe(201);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it('takes an empty body for a workflow without inputs', async () => {
    const workflow = await makeWorkflow(owner, { inputs: [] });
    const link = await linkFor(workflow);
    expect((await trigger(link.url)).status).toBe(201);
    expect((await trigger(link.url, {})).status).toBe(201);
    expect(await runsOf(workflow)).toHaveLength(2);
  });

  it('refuses bodies that do not match the inputs, naming the field, and starts nothing', async () => {
    const workflow = await makeWorkflow(owner);
    const link = await linkFor(workflow);
    const cases: [unknown, string][] = [
      [['topic'], 'body'],
      [null, 'body'],
      ['just text', 'body'],
      [{ topic: 'x', nope: 1 }, 'body.nope'],
      [{ count: 2 }, 'body.topic'],
      [{ topic: 5 }, 'body.topic'],
      [{ topic: 'x', urgent: 'yes' }, 'body.urgent'],
      [{ topic: 'y'.repeat(20_001) }, 'body.topic'],
      [{ topic: { nested: true } }, 'body.topic'],
    ];
    for (const [body, field] of cases) {
      const refused = await trigger(link.url, body);
      expect({ body, status: refused.status, code: refused.body.error.code }).toEqual({
        body,
        status: 400,
        code: 'VALIDATION_ERROR',
      });
      expect(refused.body.error.details?.field).toBe(field);
    }
    const notJson = await call(server.baseUrl, 'POST', link.url, {
      rawBody: '{"topic": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect((await trigger(link.url, { topic: 'y'.repeat(20_000) })).status).toBe(201);
    expect(await runsOf(workflow)).toHaveLength(1);
  });

  it('answers 413 to a body over 256 KB and starts nothing', async () => {
    const workflow = await makeWorkflow(owner);
    const link = await linkFor(workflow);
    const padded = { topic: 'x', pad: 'p'.repeat(256 * 1024) };
    const refused = await trigger(link.url, padded);
    expect(refused.status).toBe(413);
    expect(refused.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    const huge = await trigger(link.url, { topic: 'x', pad: 'p'.repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(await runsOf(workflow)).toHaveLength(0);
  });

  it('answers 404 to a wrong token, an unknown or malformed link, and after removal', async () => {
    const workflow = await makeWorkflow(owner);
    const link = await linkFor(workflow);
    const body = { topic: 'x' };
    expect(
      (await trigger(`/api/workflows/hooks/${link.public_id}/${link.token}x`, body)).status,
    ).toBe(404);
    expect((await trigger(`/api/workflows/hooks/${randomUUID()}/${link.token}`, body)).status).toBe(
      404,
    );
    expect((await trigger(`/api/workflows/hooks/not-a-uuid/${link.token}`, body)).status).toBe(404);

    const removed = await linkCall('DELETE', workflow);
    expect(removed.status).toBe(204);
    expect((await trigger(link.url, body)).status).toBe(404);
    expect((await linkCall('DELETE', workflow)).status).toBe(404);
    expect((await linkCall('POST', workflow, '/rotate')).status).toBe(404);
    expect(await runsOf(workflow)).toHaveLength(0);
  });

  it('refuses a second link (rotate it instead); rotation stops the old token at once', async () => {
    const workflow = await makeWorkflow(owner);
    const first = await linkFor(workflow);
    const again = await linkCall<ErrorBody>('POST', workflow);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('WEBHOOK_LINK_EXISTS');
    expect((await trigger(first.url, { topic: 'still works' })).status).toBe(201);

    const admin = await signInTestPerson(server.baseUrl, { company: companyName, role: 'admin' });
    const rotated = await linkCall<Link>('POST', workflow, '/rotate', { cookie: admin.cookie });
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    expect(rotated.body.public_id).toBe(first.public_id);
    expect(rotated.body.token).not.toBe(first.token);
    expect((await trigger(first.url, { topic: 'old' })).status).toBe(404);
    const started = await trigger(rotated.body.url, { topic: 'new' });
    expect(started.status).toBe(201);
    const runs = await runsOf(workflow);
    expect(runs.find((run) => run.id === started.body.run_id)?.started_by).toBe(admin.personId);
    expect(runs).toHaveLength(2);
  });

  it('lets only the owner or an admin manage links, on an active workflow; refusals write nothing', async () => {
    const workflow = await makeWorkflow(owner);
    const member = await signInTestPerson(server.baseUrl, { company: companyName });
    const stranger = await signInTestPerson(server.baseUrl, {
      company: `Other ${randomBytes(3).toString('hex')}`,
      role: 'admin',
    });
    expect((await linkCall('POST', workflow, '', { cookie: member.cookie })).status).toBe(403);
    expect((await linkCall('POST', workflow, '', { cookie: stranger.cookie })).status).toBe(404);
    const readKey = await createApiKey(server.baseUrl, owner.cookie, ['workflows:read']);
    expect((await linkCall('POST', workflow, '', { token: readKey })).status).toBe(403);
    expect(
      (await call(server.baseUrl, 'POST', `/api/workflows/${workflow.id}/webhook-link`)).status,
    ).toBe(401);

    const draft = await makeWorkflow(owner, { status: 'draft' });
    const refused = await linkCall<ErrorBody>('POST', draft);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('WORKFLOW_NOT_STARTABLE');
    expect(await linkCount(workflow)).toBe(0);
    expect(await linkCount(draft)).toBe(0);

    const writeKey = await createApiKey(server.baseUrl, owner.cookie, ['workflows:write']);
    const byNumber = await call<Link>(
      server.baseUrl,
      'POST',
      `/api/workflows/${workflow.number}/webhook-link`,
      { token: writeKey },
    );
    expect(byNumber.status).toBe(201);
    expect((await linkCall('DELETE', workflow, '', { cookie: member.cookie })).status).toBe(403);
    expect(await linkCount(workflow)).toBe(1);
  });

  it('answers 409 once the workflow is not active, and 404 once its creator left the company', async () => {
    const archived = await makeWorkflow(owner);
    const archivedLink = await linkFor(archived);
    await server.app.get(WorkflowRepository).update(dataSource.manager, archived.id, {
      status: 'archived',
    });
    const refused = await trigger(archivedLink.url, { topic: 'x' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('WORKFLOW_NOT_STARTABLE');

    const leaver = await signInTestPerson(server.baseUrl, { company: companyName });
    const theirs = await makeWorkflow(leaver);
    const theirLink = await call<Link>(
      server.baseUrl,
      'POST',
      `/api/workflows/${theirs.id}/webhook-link`,
      { cookie: leaver.cookie },
    );
    expect(theirLink.status).toBe(201);
    await server.app.get(DirectoryService).removeMembership(leaver.companyId, leaver.personId);
    expect((await trigger(theirLink.body.url, { topic: 'x' })).status).toBe(404);
    expect(await runsOf(archived)).toHaveLength(0);
    expect(await runsOf(theirs)).toHaveLength(0);
  });

  it('starts nothing through a link rotated or removed in the database, before its eviction arrives', async () => {
    const workflow = await makeWorkflow(owner);
    const first = await linkFor(workflow);
    // The trigger's cache now holds the link with the first token.
    expect((await trigger(first.url, { topic: 'cached' })).status).toBe(201);
    const links = server.app.get(WebhookLinkRepository);
    // Changed as rotation and removal change it, but without the eviction they publish: a cache
    // in another process holds the old link until that message arrives.
    await links.rotate(dataSource.manager, {
      workflowId: workflow.id,
      tokenHash: hashWebhookToken('a token nobody holds'),
      createdBy: owner.personId,
    });
    expect((await trigger(first.url, { topic: 'rotated' })).status).toBe(404);
    await links.delete(dataSource.manager, workflow.id);
    expect((await trigger(first.url, { topic: 'removed' })).status).toBe(404);
    expect((await runsOf(workflow)).map((run) => run.inputs)).toEqual([{ topic: 'cached' }]);
  });

  it('starts nothing for a holder whose membership ended, before that eviction arrives', async () => {
    const leaver = await signInTestPerson(server.baseUrl, { company: companyName });
    const theirs = await makeWorkflow(leaver);
    const link = await linkCall<Link>('POST', theirs, '', { cookie: leaver.cookie });
    // The trigger's cache now holds the link with its holder as a member.
    expect((await trigger(link.body.url, { topic: 'member' })).status).toBe(201);
    await endMembershipUnannounced(dataSource, leaver.companyId, leaver.personId);
    const refused = await trigger(link.body.url, { topic: 'left' });
    expect(refused.status).toBe(404);
    expect((await runsOf(theirs)).map((run) => run.inputs)).toEqual([{ topic: 'member' }]);
  });

  it('answers from the database once a link it knows changes, in every process at once', async () => {
    const replica = await startWorkflowsTestApp({
      database: server.database,
      env: { RUNS_HOURLY_START_LIMIT: String(HOURLY_LIMIT), RUNS_WORKER: 'off' },
    });
    const on = (app: TestApp, url: string, body: unknown) =>
      call<Started & ErrorBody>(app.baseUrl, 'POST', url, { body });
    try {
      const rotated = await makeWorkflow(owner);
      const first = await linkFor(rotated);
      expect((await on(replica, first.url, { topic: 'known here' })).status).toBe(201);
      const second = await linkCall<Link>('POST', rotated, '/rotate');
      expect((await on(replica, first.url, { topic: 'old token' })).status).toBe(404);
      expect((await on(replica, second.body.url, { topic: 'new token' })).status).toBe(201);
      expect((await linkCall('DELETE', rotated)).status).toBe(204);
      expect((await on(replica, second.body.url, { topic: 'removed' })).status).toBe(404);
      expect(await runsOf(rotated)).toHaveLength(2);

      const archived = await makeWorkflow(owner);
      const archivedLink = await linkFor(archived);
      expect((await on(replica, archivedLink.url, { topic: 'active' })).status).toBe(201);
      await server.app.get(WorkflowRepository).update(dataSource.manager, archived.id, {
        status: 'archived',
      });
      const refused = await on(replica, archivedLink.url, { topic: 'archived' });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('WORKFLOW_NOT_STARTABLE');
      const invalid = await on(replica, archivedLink.url, { topic: 7 });
      expect(invalid.body.error.code).toBe('WORKFLOW_NOT_STARTABLE');
      expect(await runsOf(archived)).toHaveLength(1);

      const leaver = await signInTestPerson(server.baseUrl, { company: companyName });
      const theirs = await makeWorkflow(leaver);
      const theirLink = await linkCall<Link>('POST', theirs, '', { cookie: leaver.cookie });
      expect(theirLink.status).toBe(201);
      expect((await on(replica, theirLink.body.url, { topic: 'member' })).status).toBe(201);
      await server.app.get(DirectoryService).removeMembership(leaver.companyId, leaver.personId);
      expect((await on(replica, theirLink.body.url, { topic: 'left' })).status).toBe(404);
      expect(await runsOf(theirs)).toHaveLength(1);
    } finally {
      await replica.close();
    }
  });

  it('converges parallel link changes: one creation, one surviving rotation, one removal', async () => {
    const workflow = await makeWorkflow(owner);
    const creations = await Promise.all(
      Array.from({ length: 6 }, () => linkCall<Link & ErrorBody>('POST', workflow)),
    );
    expect(creations.map((result) => result.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await linkCount(workflow)).toBe(1);

    const rotations = await Promise.all(
      Array.from({ length: 6 }, () => linkCall<Link>('POST', workflow, '/rotate')),
    );
    expect(rotations.map((result) => result.status)).toEqual(Array(6).fill(200));
    const answers = await Promise.all(
      rotations.map((result) => trigger(result.body.url, { topic: 'which token?' })),
    );
    expect(answers.map((result) => result.status).sort()).toEqual([201, 404, 404, 404, 404, 404]);

    const removals = await Promise.all(
      Array.from({ length: 4 }, () => linkCall('DELETE', workflow)),
    );
    expect(removals.map((result) => result.status).sort()).toEqual([204, 404, 404, 404]);
    expect(await linkCount(workflow)).toBe(0);
  });

  it('starts one run per parallel trigger, none lost', async () => {
    const workflow = await makeWorkflow(owner);
    const link = await linkFor(workflow);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => trigger(link.url, { topic: `t${index}` })),
    );
    expect(results.map((result) => result.status)).toEqual(Array(20).fill(201));
    const ids = new Set(results.map((result) => result.body.run_id));
    expect(ids.size).toBe(20);
    const runs = await runsOf(workflow);
    expect(new Set(runs.map((run) => run.id))).toEqual(ids);
  });

  it('answers 409 RUN_START_LIMIT_REACHED over the hourly start limit', async () => {
    const workflow = await makeWorkflow(owner);
    const link = await linkFor(workflow);
    for (let index = 0; index < HOURLY_LIMIT; index += 1) {
      expect((await trigger(link.url, { topic: `t${index}` })).status).toBe(201);
    }
    const refused = await trigger(link.url, { topic: 'one too many' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('RUN_START_LIMIT_REACHED');
    expect(await runsOf(workflow)).toHaveLength(HOURLY_LIMIT);
  });

  it('never writes the token to the logs', async () => {
    const workflow = await makeWorkflow(owner);
    const link = await linkFor(workflow);
    await trigger(link.url, { topic: 'logged?' });
    await trigger(`/api/workflows/hooks/${link.public_id}/wrong-${link.token}`, { topic: 'x' });
    const rotated = await linkCall<Link>('POST', workflow, '/rotate');
    await trigger(rotated.body.url, { topic: 'x' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const hookLines = logLines.filter((line) => line.includes(`/hooks/${link.public_id}/`));
    expect(hookLines.length).toBeGreaterThanOrEqual(3);
    for (const line of logLines) {
      expect(line).not.toContain(link.token);
      expect(line).not.toContain(rotated.body.token);
    }
    expect(hookLines.every((line) => line.includes(`/hooks/${link.public_id}/[redacted]`))).toBe(
      true,
    );
  });
});
