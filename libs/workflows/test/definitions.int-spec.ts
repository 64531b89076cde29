import { randomUUID } from 'node:crypto';
import { QueueName, QueueRegistry } from '@cw/queue';
import {
  call,
  createApiKey,
  type SignedInTestPerson,
  signInTestPerson,
  TEST_ACCEPTANCE_SECRET,
  type TestApp,
} from '@cw/testing';
import { DataSource } from 'typeorm';
import { startWorkflowsTestApp } from './workflows-test-app';

interface WorkflowBody {
  id: string;
  number: number;
  name: string;
  status: string;
  visibility: string;
  team_id: string | null;
  owner: { id: string };
  inputs: unknown[];
  definition: { steps: { id: string; block: string }[]; deliverables: unknown[]; budget: object };
  schedule: { cron: string; timezone: string } | null;
  output_page: { path: string; title: string } | null;
  updated_at: string;
}

/** The fields these tests read; each route answers a subset of them. */
interface Body {
  error: {
    code: string;
    message: string;
    details: { field: string; validation_errors: unknown[] };
  };
  operation_id: string;
  status: string;
  status_url: string;
  gap: string;
  workflow: WorkflowBody;
  workflows: WorkflowBody[];
  total: number;
  offset: number;
  limit: number;
  has_more: boolean;
  updated_at: string;
}

type Person = SignedInTestPerson & { teamIds: string[] };

const STEPS = [
  { id: 'draft', block: 'text.compose', template: 'Notes on {{inputs.topic}}' },
  { id: 'check', block: 'assert', that: 'steps.draft.output.length > 0', message: 'empty' },
];

const explicitPlan = (name: string, extra: Record<string, unknown> = {}) => ({
  job: 'Write weekly notes on a topic',
  intent: {
    name,
    inputs: [{ name: 'topic', type: 'text', required: true }],
    steps: STEPS,
    deliverables: [{ name: 'notes', required: true, from_step: 'draft' }],
    budget: { max_steps: 10 },
  },
  ...extra,
});

describe('workflow definitions (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;
  let db: DataSource;

  const as = (person: SignedInTestPerson, method: string, path: string, body?: unknown) =>
    call<Body>(server.baseUrl, method, path, { cookie: person.cookie, body });

  async function signIn(
    company: string,
    options: { role?: string; teams?: string[] } = {},
  ): Promise<Person> {
    const person = await signInTestPerson(server.baseUrl, { company, ...options });
    const again = await call<{ teams: { id: string }[] }>(
      server.baseUrl,
      'POST',
      '/api/acceptance/auth/exchange',
      {
        body: { secret: TEST_ACCEPTANCE_SECRET, company, email: person.email, ...options },
      },
    );
    return { ...person, teamIds: again.body.teams.map((team) => team.id) };
  }

  const company = (name: string) => `${name} ${randomUUID().slice(0, 8)}`;

  async function written(companyId: string): Promise<{ workflows: number; operations: number }> {
    const [row]: { workflows: number; operations: number }[] = await db.query(
      `SELECT (SELECT count(*)::int FROM workflows.workflows WHERE company_id = $1) AS workflows,
              (SELECT count(*)::int FROM workflows.authoring_operations WHERE company_id = $1) AS operations`,
      [companyId],
    );
    return row;
  }

  async function create(person: SignedInTestPerson, name: string, extra = {}) {
    const created = await as(
      person,
      'POST',
      '/api/workflows/blocks/design',
      explicitPlan(name, extra),
    );
    expect(created.status).toBe(201);
    return created.body.workflow;
  }

  const schedulerIds = async (): Promise<string[]> => {
    const queue = server.app.get(QueueRegistry).queue(QueueName.WorkflowSchedules);
    const schedulers = await queue.getJobSchedulers();
    return schedulers.map((scheduler) => scheduler.key);
  };

  beforeAll(async () => {
    server = await startWorkflowsTestApp();
    db = server.app.get(DataSource);
  });
  afterAll(() => server.close());

  describe('POST /api/workflows/blocks/design with an explicit plan', () => {
    it('saves exactly the plan (201), then lists and reads it by UUID and by number', async () => {
      const alice = await signIn(company('Plans Co'));
      const created = await as(
        alice,
        'POST',
        '/api/workflows/blocks/design',
        explicitPlan('Weekly notes', {
          output: { create_page: { path: '/Company/Reports', title: 'Weekly notes' } },
        }),
      );
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        status: 'saved',
        status_url: `/api/workflows/authoring-operations/${created.body.operation_id}`,
        workflow: {
          number: 1,
          name: 'Weekly notes',
          status: 'draft',
          visibility: 'company',
          team_id: null,
          owner: { id: alice.personId },
          inputs: [{ name: 'topic', type: 'text', required: true }],
          definition: {
            steps: STEPS,
            deliverables: [{ name: 'notes', required: true, from_step: 'draft' }],
            budget: { max_steps: 10 },
          },
          schedule: null,
          output_page: { path: '/Company/Reports', title: 'Weekly notes' },
        },
      });
      const workflow = created.body.workflow;
      const listed = await as(alice, 'GET', '/api/workflows');
      expect(listed.status).toBe(200);
      expect(listed.body).toMatchObject({ total: 1, offset: 0, limit: 50, has_more: false });
      expect(listed.body.workflows).toEqual([workflow]);
      expect((await as(alice, 'GET', `/api/workflows/${workflow.id}`)).body).toEqual(workflow);
      expect((await as(alice, 'GET', '/api/workflows/1')).body).toEqual(workflow);
      const operation = await as(alice, 'GET', created.body.status_url);
      expect(operation.status).toBe(200);
      expect(operation.body).toMatchObject({ status: 'saved', workflow: { id: workflow.id } });
    });

    it('gives 20 parallel creations the numbers 1..20, without a gap or a duplicate', async () => {
      const alice = await signIn(company('Numbers Co'));
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          as(alice, 'POST', '/api/workflows/blocks/design', explicitPlan(`Plan ${index}`)),
        ),
      );
      expect(results.map((result) => result.status)).toEqual(Array(20).fill(201));
      const numbers = results.map((result) => result.body.workflow.number).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
      const page = await as(alice, 'GET', '/api/workflows?limit=5&offset=15');
      expect(page.body).toMatchObject({ total: 20, offset: 15, limit: 5, has_more: false });
      expect(page.body.workflows.map((each) => each.number)).toEqual([16, 17, 18, 19, 20]);
      const first = await as(alice, 'GET', '/api/workflows?limit=5');
      expect(first.body).toMatchObject({ total: 20, has_more: true });
    });

    it('refuses bad input with VALIDATION_ERROR naming the field, and writes nothing', async () => {
      const alice = await signIn(company('Refusals Co'), { teams: ['Ops'] });
      const other = await signIn(company('Elsewhere Co'), { teams: ['Ops'] });
      const cases: [unknown, string][] = [
        [{ ...explicitPlan('x'), surprise: true }, 'surprise'],
        [{ ...explicitPlan('x'), wait: 'yes' }, 'wait'],
        [{ ...explicitPlan('x'), start_as: 'archived' }, 'start_as'],
        [{ ...explicitPlan('x'), authoring_request_id: 'not-a-uuid' }, 'authoring_request_id'],
        [{ job: 42 }, 'job'],
        [{ start_as: 'draft' }, 'job'],
        [{ job: 'x', intent: { name: 'x', steps: 'all of them' } }, 'intent.steps'],
        [
          { job: 'x', intent: { name: 'x', steps: [{ id: 'a', block: 'shell.exec' }] } },
          'intent.steps[0].block',
        ],
        [
          {
            job: 'x',
            intent: {
              name: 'x',
              steps: [
                { id: 'a', block: 'text.compose', template: '{{steps.b.output}}' },
                { id: 'b', block: 'text.compose', template: '{{steps.a.output}}' },
              ],
            },
          },
          'intent.steps[0].template',
        ],
        [
          { job: 'x', intent: { name: 'x', steps: [{ id: 'w', block: 'wait', seconds: 'soon' }] } },
          'intent.steps[0].seconds',
        ],
        [{ job: 'x', intent: { steps: STEPS } }, 'intent.name'],
        [
          {
            ...explicitPlan('x'),
            intent: { ...explicitPlan('x').intent, inputs: [{ name: 'topic' }] },
          },
          'intent.inputs[0].type',
        ],
        [
          { ...explicitPlan('x'), trigger: { schedule: { cron: 'every monday' } } },
          'trigger.schedule.cron',
        ],
        [
          {
            ...explicitPlan('x'),
            trigger: { schedule: { cron: '0 9 * * 1', timezone: 'Mars/Base' } },
          },
          'trigger.schedule.timezone',
        ],
        [
          { ...explicitPlan('x'), output: { create_page: { path: '/Nowhere', title: 't' } } },
          'output.create_page.path',
        ],
        [{ ...explicitPlan('x'), visibility: 'team' }, 'team_id'],
        [{ ...explicitPlan('x'), visibility: 'team', team_id: other.teamIds[0] }, 'team_id'],
        [{ ...explicitPlan('x'), team_id: alice.teamIds[0] }, 'team_id'],
      ];
      for (const [body, field] of cases) {
        const refused = await as(alice, 'POST', '/api/workflows/blocks/design', body);
        expect({
          status: refused.status,
          code: refused.body.error?.code,
          field: refused.body.error?.details.field,
        }).toEqual({
          status: 400,
          code: 'VALIDATION_ERROR',
          field,
        });
      }
      expect(await written(alice.companyId)).toEqual({ workflows: 0, operations: 0 });
    });
  });

  describe('POST /api/workflows/blocks/design without a model provider', () => {
    it('ends capability_gap saying so (200) and writes no workflow', async () => {
      const alice = await signIn(company('No Model Co'));
      const gap = await as(alice, 'POST', '/api/workflows/blocks/design', {
        job: 'Plan something',
        wait: true,
      });
      expect(gap.status).toBe(200);
      expect(gap.body.status).toBe('capability_gap');
      expect(gap.body.gap).toContain('No model provider is configured');
      expect(await written(alice.companyId)).toEqual({ workflows: 0, operations: 1 });
      const capabilities = await call<{ models: string[]; models_note: string }>(
        server.baseUrl,
        'GET',
        '/api/workflow-capabilities',
        { cookie: alice.cookie },
      );
      expect(capabilities.body.models).toEqual([]);
      expect(capabilities.body.models_note).toContain('No model provider is configured');
    });
  });

  describe('visibility and access', () => {
    it('shows a private workflow to its owner only (not to an admin) and a team workflow to its team', async () => {
      const name = company('Visible Co');
      const owner = await signIn(name, { teams: ['Ops'] });
      const teammate = await signIn(name, { teams: ['Ops'] });
      const admin = await signIn(name, { role: 'admin' });
      const outsider = await signIn(company('Outside Co'));
      const mine = await create(owner, 'Mine', { visibility: 'private' });
      const team = await create(owner, 'Ops only', {
        visibility: 'team',
        team_id: owner.teamIds[0],
      });
      const open = await create(owner, 'For all');
      expect(team).toMatchObject({ visibility: 'team', team_id: owner.teamIds[0] });
      const seen = async (person: Person) =>
        (await as(person, 'GET', '/api/workflows')).body.workflows.map((each) => each.name);
      expect(await seen(owner)).toEqual(['Mine', 'Ops only', 'For all']);
      expect(await seen(teammate)).toEqual(['Ops only', 'For all']);
      expect(await seen(admin)).toEqual(['For all']);
      expect(await seen(outsider)).toEqual([]);
      expect((await as(admin, 'GET', `/api/workflows/${mine.id}`)).status).toBe(404);
      expect((await as(admin, 'GET', `/api/workflows/${team.id}`)).status).toBe(404);
      expect((await as(teammate, 'GET', `/api/workflows/${team.id}`)).status).toBe(200);
      for (const [method, body] of [
        ['GET', undefined],
        ['PATCH', { name: 'Taken' }],
        ['DELETE', undefined],
      ] as const) {
        const refused = await as(outsider, method, `/api/workflows/${open.id}`, body);
        expect({ method, status: refused.status, code: refused.body.error.code }).toEqual({
          method,
          status: 404,
          code: 'NOT_FOUND',
        });
      }
      expect((await as(outsider, 'GET', '/api/workflows/1')).status).toBe(404);
      expect((await as(owner, 'GET', '/api/workflows/zero')).status).toBe(400);
      const reread = await as(owner, 'GET', `/api/workflows/${open.id}`);
      expect(reread.body).toMatchObject({ name: 'For all', status: 'draft' });
    });

    it('lets the owner or an admin change a workflow, refuses other members (403), and writes nothing then', async () => {
      const name = company('Manage Co');
      const owner = await signIn(name);
      const member = await signIn(name);
      const admin = await signIn(name, { role: 'admin' });
      const workflow = await create(owner, 'Managed');
      const refused = await as(member, 'PATCH', `/api/workflows/${workflow.id}`, {
        name: 'Mine now',
      });
      expect(refused.status).toBe(403);
      expect((await as(member, 'DELETE', `/api/workflows/${workflow.id}`)).status).toBe(403);
      const bad = await as(owner, 'PATCH', `/api/workflows/${workflow.id}`, { status: 'deleted' });
      expect(bad.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'status' },
      });
      const unknown = await as(owner, 'PATCH', `/api/workflows/${workflow.id}`, { owner: 'me' });
      expect(unknown.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'owner' },
      });
      expect((await as(owner, 'GET', `/api/workflows/${workflow.id}`)).body).toEqual(workflow);
      const renamed = await as(admin, 'PATCH', `/api/workflows/${workflow.number}`, {
        name: 'Renamed',
        status: 'active',
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ id: workflow.id, name: 'Renamed', status: 'active' });
      expect(Date.parse(renamed.body.updated_at)).toBeGreaterThan(Date.parse(workflow.updated_at));
      expect((await as(owner, 'GET', '/api/workflows?status=active')).body.total).toBe(1);
      expect((await as(owner, 'GET', '/api/workflows?status=draft')).body.total).toBe(0);
      expect((await as(owner, 'GET', '/api/workflows?limit=201')).status).toBe(400);
      const removed = await as(owner, 'DELETE', `/api/workflows/${workflow.id}`);
      expect(removed.status).toBe(204);
      expect((await as(owner, 'GET', `/api/workflows/${workflow.id}`)).status).toBe(404);
      expect((await as(owner, 'GET', '/api/workflows')).body.total).toBe(0);
    });

    it('answers exactly one of 10 parallel deletes with 204 and the others 404', async () => {
      const owner = await signIn(company('Delete Co'));
      const workflow = await create(owner, 'Doomed');
      const results = await Promise.all(
        Array.from({ length: 10 }, () => as(owner, 'DELETE', `/api/workflows/${workflow.id}`)),
      );
      expect(results.map((result) => result.status).sort()).toEqual([204, ...Array(9).fill(404)]);
    });

    it('checks scopes: workflows:read lists, only workflows:write authors and changes', async () => {
      const owner = await signIn(company('Scopes Co'));
      const workflow = await create(owner, 'Scoped');
      const reader = await createApiKey(server.baseUrl, owner.cookie, ['workflows:read']);
      const writer = await createApiKey(server.baseUrl, owner.cookie, ['workflows:write']);
      const runner = await createApiKey(server.baseUrl, owner.cookie, ['workflows:run']);
      const withToken = (token: string, method: string, path: string, body?: unknown) =>
        call<Body>(server.baseUrl, method, path, { token, body });
      expect((await withToken(reader, 'GET', '/api/workflows')).status).toBe(200);
      expect((await withToken(runner, 'GET', `/api/workflows/${workflow.id}`)).status).toBe(200);
      for (const token of [reader, runner]) {
        const design = await withToken(
          token,
          'POST',
          '/api/workflows/blocks/design',
          explicitPlan('No'),
        );
        expect(design.status).toBe(403);
        expect(design.body.error.details).toMatchObject({ error: 'insufficient_scope' });
        expect(
          (await withToken(token, 'PATCH', `/api/workflows/${workflow.id}`, { name: 'No' })).status,
        ).toBe(403);
        expect((await withToken(token, 'DELETE', `/api/workflows/${workflow.id}`)).status).toBe(
          403,
        );
        expect((await withToken(token, 'GET', '/api/workflow-capabilities')).status).toBe(403);
      }
      expect(await written(owner.companyId)).toEqual({ workflows: 1, operations: 1 });
      const renamed = await withToken(writer, 'PATCH', `/api/workflows/${workflow.id}`, {
        name: 'Yes',
      });
      expect(renamed.status).toBe(200);
      expect((await call(server.baseUrl, 'GET', '/api/workflows')).status).toBe(401);
    });
  });

  describe('schedules', () => {
    it('keeps one job scheduler per active scheduled workflow and removes it on draft, archive and delete', async () => {
      const owner = await signIn(company('Schedule Co'));
      const schedule = { schedule: { cron: '0 9 * * 1', timezone: 'Europe/Berlin' } };
      const active = await create(owner, 'Mondays', { start_as: 'active', trigger: schedule });
      expect(active.schedule).toEqual({ cron: '0 9 * * 1', timezone: 'Europe/Berlin' });
      const draft = await create(owner, 'Later', { trigger: schedule });
      const key = (id: string) => `workflow:${id}`;
      expect(await schedulerIds()).toContain(key(active.id));
      expect(await schedulerIds()).not.toContain(key(draft.id));
      const queue = server.app.get(QueueRegistry).queue(QueueName.WorkflowSchedules);
      const scheduler = await queue.getJobScheduler(key(active.id));
      expect(scheduler).toMatchObject({
        name: 'scheduled-start',
        pattern: '0 9 * * 1',
        tz: 'Europe/Berlin',
      });
      expect(scheduler?.template?.data).toEqual({ workflow_id: active.id });

      await as(owner, 'PATCH', `/api/workflows/${draft.id}`, { status: 'active' });
      expect(await schedulerIds()).toContain(key(draft.id));
      await as(owner, 'PATCH', `/api/workflows/${draft.id}`, { status: 'draft' });
      expect(await schedulerIds()).not.toContain(key(draft.id));
      await as(owner, 'PATCH', `/api/workflows/${active.id}`, { status: 'archived' });
      expect(await schedulerIds()).not.toContain(key(active.id));
      await as(owner, 'PATCH', `/api/workflows/${active.id}`, { status: 'active' });
      expect(await schedulerIds()).toContain(key(active.id));
      expect((await as(owner, 'DELETE', `/api/workflows/${active.id}`)).status).toBe(204);
      expect(await schedulerIds()).not.toContain(key(active.id));
    });

    it('leaves the scheduler matching the last status after 20 parallel status changes', async () => {
      const owner = await signIn(company('Flip Co'));
      const workflow = await create(owner, 'Flip', {
        start_as: 'active',
        trigger: { schedule: { cron: '*/5 * * * *' } },
      });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          as(owner, 'PATCH', `/api/workflows/${workflow.id}`, {
            status: index % 2 === 0 ? 'archived' : 'active',
          }),
        ),
      );
      expect(results.every((result) => result.status === 200)).toBe(true);
      const final = await as(owner, 'GET', `/api/workflows/${workflow.id}`);
      const present = (await schedulerIds()).includes(`workflow:${workflow.id}`);
      expect(present).toBe(final.body.status === 'active');
    });
  });
});
