import { call, createApiKey, signInTestPerson, type TestApp } from '@cw/testing';
import { BLOCK_NAMES } from '../src/blocks/block-catalog';
import { startWorkflowsTestApp } from './workflows-test-app';

interface Capabilities {
  blocks: { block: string; description: string; input_schema: { type: string } }[];
  models: string[];
  models_note: string | null;
  triggers: { trigger: string; description: string; input_schema: object }[];
}

describe('GET /api/workflow-capabilities', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startWorkflowsTestApp({ env: { MODEL_NAME: 'planner-1' } });
  });
  afterAll(() => server.close());

  it('lists every block with the JSON schema of its fields, the model and the triggers', async () => {
    const alice = await signInTestPerson(server.baseUrl, { company: 'Capable Co' });
    const token = await createApiKey(server.baseUrl, alice.cookie, ['workflows:write']);
    const listed = await call<Capabilities>(server.baseUrl, 'GET', '/api/workflow-capabilities', {
      token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.blocks.map((block) => block.block)).toEqual([...BLOCK_NAMES]);
    for (const block of listed.body.blocks) {
      expect(block.description.length).toBeGreaterThan(0);
      expect(block.input_schema.type).toBe('object');
    }
    expect(listed.body.blocks.find((block) => block.block === 'wait')?.input_schema).toMatchObject({
      properties: { seconds: { type: 'number' } },
      additionalProperties: false,
    });
    expect(listed.body.models).toEqual(['planner-1']);
    expect(listed.body.models_note).toBeNull();
    expect(listed.body.triggers.map((trigger) => trigger.trigger)).toEqual([
      'manual',
      'webhook',
      'schedule',
    ]);
  });

  it('needs workflows:write', async () => {
    const alice = await signInTestPerson(server.baseUrl, { company: 'Capable Co' });
    const token = await createApiKey(server.baseUrl, alice.cookie, ['workflows:read']);
    const refused = await call<{ error: { code: string } }>(
      server.baseUrl,
      'GET',
      '/api/workflow-capabilities',
      { token },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('ACCESS_DENIED');
  });
});
