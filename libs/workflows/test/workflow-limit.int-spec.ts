import { randomBytes } from 'node:crypto';
import { call, type SignedInTestPerson, signInTestPerson, type TestApp } from '@cw/testing';
import { DataSource } from 'typeorm';
import { startWorkflowsTestApp } from './workflows-test-app';

jest.setTimeout(60_000);

const LIMIT = 4;

interface Body {
  workflow?: { id: string };
  error?: { code: string; details?: Record<string, unknown> };
}

const plan = (name: string) => ({
  job: 'Write notes',
  intent: {
    name,
    steps: [{ id: 'draft', block: 'text.compose', template: 'Notes' }],
    deliverables: [{ name: 'notes', required: true, from_step: 'draft' }],
  },
});

describe('workflows one company may hold (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    server = await startWorkflowsTestApp({ env: { WORKFLOWS_PER_COMPANY: String(LIMIT) } });
    db = server.app.get(DataSource);
  });
  afterAll(() => server.close());

  const design = (person: SignedInTestPerson, name: string) =>
    call<Body>(server.baseUrl, 'POST', '/api/workflows/blocks/design', {
      cookie: person.cookie,
      body: plan(name),
    });
  const rows = async (companyId: string): Promise<{ status: string }[]> =>
    db.query(`SELECT status FROM workflows.workflows WHERE company_id = $1`, [companyId]);

  it('saves exactly WORKFLOWS_PER_COMPANY of many parallel creations; the rest 409 WORKFLOW_LIMIT_REACHED; deleting one frees its place', async () => {
    const company = `Cap Co ${randomBytes(3).toString('hex')}`;
    const [alice, bob] = [
      await signInTestPerson(server.baseUrl, { company }),
      await signInTestPerson(server.baseUrl, { company }),
    ];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => design(index % 2 ? alice : bob, `Plan ${index}`)),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(LIMIT);
    for (const answer of answers.filter((each) => each.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(answer.body.error).toMatchObject({
        code: 'WORKFLOW_LIMIT_REACHED',
        details: { limit: LIMIT },
      });
    }
    expect(await rows(alice.companyId)).toHaveLength(LIMIT);

    // Another company has its own room; a deleted workflow no longer counts.
    const carol = await signInTestPerson(server.baseUrl, { company: `${company} other` });
    expect((await design(carol, 'Elsewhere')).status).toBe(201);
    const saved = answers.findIndex((answer) => answer.status === 201);
    const owner = saved % 2 ? alice : bob;
    const deleted = await call(
      server.baseUrl,
      'DELETE',
      `/api/workflows/${answers[saved].body.workflow!.id}`,
      { cookie: owner.cookie },
    );
    expect(deleted.status).toBe(204);
    expect((await design(alice, 'After a delete')).status).toBe(201);
    expect((await design(alice, 'One too many')).status).toBe(409);
    const statuses = (await rows(alice.companyId)).map((row) => row.status);
    expect(statuses.filter((status) => status !== 'deleted')).toHaveLength(LIMIT);
    expect(statuses).toHaveLength(LIMIT + 1);
  });
});
