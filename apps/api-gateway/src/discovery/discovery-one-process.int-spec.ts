import { randomBytes } from 'node:crypto';
import { AuthModule } from '@cw/auth';
import { DiscoveryModule } from '@cw/discovery';
import { IdentityModule } from '@cw/identity';
import {
  call,
  createApiKey,
  createTestPage,
  signInTestPerson,
  startContextTestApp,
  TEST_ACCEPTANCE_SECRET,
  type TestApp,
} from '@cw/testing';
import { WikiModule } from '@cw/wiki';
import { WorkflowsModule } from '@cw/workflows';

interface DiscoveredOperation {
  operation_id: string;
  token_admitted: boolean;
  unavailable_reason: string | null;
  missing_scopes: string[];
  next_action: string;
  contract?: { operation_id: string; schemas: Record<string, unknown> };
}

interface Discovered {
  schema_revision: string;
  operations: DiscoveredOperation[];
}

/**
 * Discovery in a one-process composition of the contexts with named resources (the wiki's
 * pages, workflows), with real keys: what a discovery answer may say about them, and what not.
 */
describe('discovery over the wiki and workflows (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startContextTestApp({
      env: { ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET },
      modules: [
        IdentityModule.register({ withRoutes: true }),
        AuthModule,
        WikiModule,
        WorkflowsModule,
        DiscoveryModule.register(),
      ],
    });
  });
  afterAll(() => server?.close());

  const discover = (credential: { token: string } | { cookie: string }, q = '') =>
    call<Discovered>(
      server.baseUrl,
      'GET',
      `/api/developer/operations?q=${encodeURIComponent(q)}`,
      credential,
    );

  const byId = (answer: Discovered) =>
    new Map(answer.operations.map((operation) => [operation.operation_id, operation]));

  it('admits a wiki:read key to the wiki reads and names the scope the writes need', async () => {
    const person = await signInTestPerson(server.baseUrl);
    const key = await createApiKey(server.baseUrl, person.cookie, ['wiki:read']);
    const result = await discover({ token: key }, '/api/wiki');
    expect(result.status).toBe(200);
    const operations = byId(result.body);
    for (const read of ['searchWiki', 'readPage', 'listPageVersions']) {
      expect(operations.get(read)).toMatchObject({ token_admitted: true, missing_scopes: [] });
    }
    for (const write of ['editPage', 'createPage', 'deletePage']) {
      const refused = operations.get(write)!;
      expect(refused).toMatchObject({
        token_admitted: false,
        unavailable_reason: 'insufficient_scope',
        missing_scopes: ['wiki:write'],
      });
      expect(refused.next_action).toMatch(/scope wiki:write/);
    }
    expect(operations.get('listTrash')).toMatchObject({
      unavailable_reason: 'session_cookie_required',
    });
    // Workflows are out of this key's reach too.
    const workflows = byId((await discover({ token: key }, 'POST run')).body);
    expect(workflows.get('runWorkflow')).toMatchObject({ missing_scopes: ['workflows:run'] });
  });

  it('finds an operation by its MCP tool name, with its contract', async () => {
    const person = await signInTestPerson(server.baseUrl);
    const result = await discover({ cookie: person.cookie }, 'search_wiki');
    expect(result.body.operations).toHaveLength(1);
    expect(result.body.operations[0].contract).toMatchObject({ operation_id: 'searchWiki' });
  });

  it('never names a page, a workflow, a person or a company', async () => {
    const marker = `Quokkazebra${randomBytes(4).toString('hex')}`;
    const person = await signInTestPerson(server.baseUrl, {
      company: `${marker} Company`,
      email: `${marker.toLowerCase()}@example.test`,
    });
    await createTestPage(server.baseUrl, person, {
      title: `${marker} page`,
      markdown: `All about ${marker}.`,
    });
    const workflow = await call(server.baseUrl, 'POST', '/api/workflows/blocks/design', {
      cookie: person.cookie,
      body: {
        job: `Notes about ${marker}`,
        intent: {
          name: `${marker} workflow`,
          inputs: [{ name: 'topic', type: 'text', required: true }],
          steps: [{ id: 'draft', block: 'text.compose', template: `${marker} {{inputs.topic}}` }],
          deliverables: [{ name: 'notes', required: true, from_step: 'draft' }],
        },
      },
    });
    expect(workflow.status).toBe(201);
    const key = await createApiKey(server.baseUrl, person.cookie, ['wiki:write', 'workflows:run']);

    for (const credential of [{ cookie: person.cookie }, { token: key }]) {
      for (const q of ['', 'readPage', 'getWorkflow', 'runWorkflow', marker]) {
        const result = await discover(credential, q);
        expect(result.status).toBe(200);
        expect(result.text.toLowerCase()).not.toContain(marker.toLowerCase());
      }
    }
    expect((await discover({ token: key }, marker)).body.operations).toEqual([]);
    for (const path of ['/api/developer/contracts', '/api/developer/contracts/runWorkflow']) {
      const result = await call(server.baseUrl, 'GET', path);
      expect(result.status).toBe(200);
      expect(result.text.toLowerCase()).not.toContain(marker.toLowerCase());
    }
  });
});
