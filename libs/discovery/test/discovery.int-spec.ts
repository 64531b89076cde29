import { randomBytes } from 'node:crypto';
import {
  call,
  createApiKey,
  signInTestPerson,
  type SignedInTestPerson,
  type TestApp,
  validateOpenApi,
} from '@cw/testing';
import { schemaRevisionOf } from '../src/description/schema-revision';
import type {
  OperationRecordsView,
  OperationRecordView,
} from '../src/operations/operation-record-view';
import type { ContractIndexView, ContractView } from '../src/contracts/contract-views';
import { ABSENT_SETTING } from './discovery-fixture.controller';
import { startDiscoveryTestApp } from './discovery-test-app';

const ERROR_ENVELOPE = {
  success: false,
  error: expect.objectContaining({ code: expect.any(String) }),
};

describe('operation discovery (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startDiscoveryTestApp();
  });
  afterAll(() => server?.close());

  const discover = (credential: { token: string } | { cookie: string }, q?: string) =>
    call<OperationRecordsView>(
      server.baseUrl,
      'GET',
      `/api/developer/operations${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
      credential,
    );

  async function record(
    credential: { token: string } | { cookie: string },
    operationId: string,
  ): Promise<OperationRecordView> {
    const result = await discover(credential);
    expect(result.status).toBe(200);
    const found = result.body.operations.find((each) => each.operation_id === operationId);
    if (!found) throw new Error(`${operationId} not discovered`);
    return found;
  }

  describe('GET /api/developer/operations', () => {
    let person: SignedInTestPerson;
    let readKey: string;

    beforeAll(async () => {
      person = await signInTestPerson(server.baseUrl);
      readKey = await createApiKey(server.baseUrl, person.cookie, ['wiki:read']);
    });

    it('needs a credential, and refuses a bad query with a 400 that names the field', async () => {
      const unsigned = await call(server.baseUrl, 'GET', '/api/developer/operations');
      expect(unsigned.status).toBe(401);
      expect(unsigned.body).toMatchObject(ERROR_ENVELOPE);
      const long = await discover({ token: readKey }, 'x'.repeat(201));
      expect(long.status).toBe(400);
      expect(long.body).toMatchObject({
        error: { code: 'VALIDATION_ERROR', details: { field: 'q' } },
      });
    });

    it('admits a wiki:read key to reads, not writes: missing_scopes and a key to create', async () => {
      const read = await record({ token: readKey }, 'fixtureReadNotes');
      expect(read).toMatchObject({
        method: 'GET',
        path: '/api/discovery-fixtures/notes',
        required_scopes: ['wiki:read'],
        prerequisites: [],
        token_admitted: true,
        unavailable_reason: null,
        missing_scopes: [],
        contract_url: '/api/developer/contracts/fixtureReadNotes',
      });
      const write = await record({ token: readKey }, 'fixtureWriteNotes');
      expect(write).toMatchObject({
        token_admitted: false,
        unavailable_reason: 'insufficient_scope',
        missing_scopes: ['wiki:write'],
      });
      expect(write.next_action).toMatch(/API key with the scope wiki:write/);
      // The same record for the session cookie: the person's full reach.
      expect(await record({ cookie: person.cookie }, 'fixtureWriteNotes')).toMatchObject({
        token_admitted: true,
        missing_scopes: [],
      });
    });

    it('lets a session-only route admit the cookie and refuse every token', async () => {
      const allScopes = await createApiKey(server.baseUrl, person.cookie, [
        'wiki:write',
        'workflows:write',
        'workflows:run',
        'ops:read',
      ]);
      expect(await record({ token: allScopes }, 'createApiKey')).toMatchObject({
        prerequisites: ['session_cookie_only'],
        token_admitted: false,
        unavailable_reason: 'session_cookie_required',
        missing_scopes: [],
      });
      expect(await record({ cookie: person.cookie }, 'createApiKey')).toMatchObject({
        token_admitted: true,
        unavailable_reason: null,
      });
    });

    it('checks the operator grant live: refused without it, admitted once granted', async () => {
      const operator = await signInTestPerson(server.baseUrl);
      const operatorKey = await createApiKey(server.baseUrl, operator.cookie, ['operator:all']);
      const lacking = await record({ token: operatorKey }, 'fixtureOperatorInbox');
      expect(lacking).toMatchObject({
        required_scopes: ['operator:all'],
        prerequisites: ['operator_grant:feedback.view'],
        token_admitted: false,
        unavailable_reason: 'operator_grant_missing:feedback.view',
        missing_scopes: [],
      });
      expect(lacking.next_action).toMatch(/grant you the operator requirement feedback\.view/);
      // A key without operator:all lacks the scope as well.
      const wikiKey = await createApiKey(server.baseUrl, operator.cookie, ['wiki:read']);
      expect(await record({ token: wikiKey }, 'fixtureOperatorInbox')).toMatchObject({
        unavailable_reason: 'insufficient_scope',
        missing_scopes: ['operator:all'],
      });

      // Granted now (the acceptance exchange grants on the person): the same key, no restart.
      await signInTestPerson(server.baseUrl, {
        email: operator.email,
        operator_grants: ['feedback.view'],
      });
      expect(await record({ token: operatorKey }, 'fixtureOperatorInbox')).toMatchObject({
        token_admitted: true,
        unavailable_reason: null,
      });
    });

    it('names settings the deployment lacks and credentials a token cannot be', async () => {
      expect(await record({ cookie: person.cookie }, 'fixtureUnconfiguredMail')).toMatchObject({
        prerequisites: [`setting:${ABSENT_SETTING}`],
        token_admitted: false,
        unavailable_reason: `not_configured:${ABSENT_SETTING}`,
      });
      // ACCEPTANCE_AUTH_SECRET is set here: the exchange is configured, but takes its own secret.
      expect(await record({ token: readKey }, 'acceptanceExchange')).toMatchObject({
        prerequisites: ['own_credential', 'setting:ACCEPTANCE_AUTH_SECRET'],
        token_admitted: false,
        unavailable_reason: 'own_credential_required',
      });
      expect(await record({ token: readKey }, 'fixtureInternalIntake')).toMatchObject({
        prerequisites: ['internal_token'],
        unavailable_reason: 'internal_token_required',
      });
      expect(await record({ token: readKey }, 'getServingHealth')).toMatchObject({
        token_admitted: true,
        prerequisites: [],
      });
    });

    it('adds the full contract when the query names exactly one operation', async () => {
      const one = await discover({ token: readKey }, 'fixtureWriteNotes');
      expect(one.status).toBe(200);
      expect(one.body.operations).toHaveLength(1);
      expect(one.body.operations[0].contract).toMatchObject({
        operation_id: 'fixtureWriteNotes',
        request: { body: { content: { 'application/json': expect.any(Object) } } },
      });
      // The envelope's own error object comes along through the envelope: transitively.
      expect(Object.keys(one.body.operations[0].contract!.schemas).sort()).toEqual([
        'ErrorBodySchema',
        'ErrorEnvelopeSchema',
        'FixtureAnswerDto',
        'FixtureNoteBodyDto',
        'FixtureNoteDto',
      ]);
      const many = await discover({ token: readKey }, 'discovery-fixtures notes');
      expect(many.body.operations.map((each) => each.operation_id)).toEqual([
        'fixtureReadNotes',
        'fixtureWriteNotes',
      ]);
      expect(many.body.operations.every((each) => each.contract === undefined)).toBe(true);
    });

    it('answers with the revision of the description it read, also as a header', async () => {
      const description = await call(server.baseUrl, 'GET', '/openapi.json');
      const result = await discover({ token: readKey }, 'notes');
      expect(result.body.schema_revision).toBe(schemaRevisionOf(description.body));
      expect(result.headers.get('x-schema-revision')).toBe(result.body.schema_revision);
      const all = await discover({ token: readKey });
      expect(all.body.operations.length).toBe(
        Object.values(description.body.paths as Record<string, object>).flatMap((item) =>
          Object.keys(item),
        ).length,
      );
    });

    it('never names a person or a company', async () => {
      const marker = `Zanzibarquokka${randomBytes(4).toString('hex')}`;
      const named = await signInTestPerson(server.baseUrl, {
        company: `${marker} Company`,
        email: `${marker.toLowerCase()}@example.test`,
        teams: [`${marker} Team`],
      });
      const key = await createApiKey(server.baseUrl, named.cookie, ['wiki:read'], `${marker} key`);
      for (const credential of [{ cookie: named.cookie }, { token: key }]) {
        for (const q of [undefined, 'createApiKey', marker]) {
          const result = await discover(credential, q);
          expect(result.status).toBe(200);
          expect(result.text.toLowerCase()).not.toContain(marker.toLowerCase());
        }
      }
      expect((await discover({ token: key }, marker)).body.operations).toEqual([]);
    });
  });

  it('describes its routes in a valid OpenAPI 3.1 description', async () => {
    const description = await call<{ paths: Record<string, Record<string, unknown>> }>(
      server.baseUrl,
      'GET',
      '/openapi.json',
    );
    expect(await validateOpenApi(description.body)).toEqual({ valid: true, errors: [] });
    expect(description.body.paths['/api/developer/operations'].get).toMatchObject({
      operationId: 'discoverOperations',
      'x-service': {
        authentication: 'person',
        required_scopes: null,
        mcp_tools: ['discover_operations'],
      },
      security: [{ bearer: [] }, { session_token: [] }],
    });
    expect(description.body.paths['/api/developer/contracts/{operation_id}'].get).toMatchObject({
      'x-service': { policy_requirements: ['no_credential'] },
      security: [],
    });
  });

  describe('public contracts', () => {
    it('lists operations with their contract_url, unsigned', async () => {
      const result = await call<ContractIndexView>(
        server.baseUrl,
        'GET',
        '/api/developer/contracts?q=api-keys',
      );
      expect(result.status).toBe(200);
      expect(result.headers.get('x-schema-revision')).toBe(result.body.schema_revision);
      expect(result.body.operations).toEqual([
        {
          operation_id: 'createApiKey',
          method: 'POST',
          path: '/api/auth/api-keys',
          contract_url: '/api/developer/contracts/createApiKey',
        },
        expect.objectContaining({ operation_id: 'listApiKeys' }),
        expect.objectContaining({ operation_id: 'revokeApiKey' }),
      ]);
    });

    it("answers one operation's contract unsigned, with every schema it references", async () => {
      const result = await call<ContractView>(
        server.baseUrl,
        'GET',
        '/api/developer/contracts/createApiKey',
      );
      expect(result.status).toBe(200);
      const { contract } = result.body;
      expect(contract).toMatchObject({
        operation_id: 'createApiKey',
        method: 'POST',
        path: '/api/auth/api-keys',
        required_scopes: null,
        authentication: {
          access: 'person',
          security: [{ session_token: [] }],
          prerequisites: ['session_cookie_only'],
        },
      });
      expect(JSON.stringify(contract.request.body)).toContain('CreateApiKeyDto');
      expect(Object.keys(contract.responses)).toEqual(['201']);
      expect(Object.keys(contract.errors)).toEqual(
        expect.arrayContaining(['400', '401', '403', '404', '409', '429', '500', '503']),
      );
      const referenced = JSON.stringify([contract.request, contract.responses, contract.errors]);
      for (const name of Object.keys(contract.schemas)) {
        expect(JSON.stringify([referenced, contract.schemas])).toContain(
          `#/components/schemas/${name}`,
        );
      }
      expect(contract.schemas).toHaveProperty('CreateApiKeyDto');
      expect(contract.schemas).toHaveProperty('ErrorEnvelopeSchema');
    });

    it('answers 404 in the envelope for an unknown operation id', async () => {
      for (const id of ['noSuchOperation', '__proto__', 'constructor']) {
        const result = await call(server.baseUrl, 'GET', `/api/developer/contracts/${id}`);
        expect(result.status).toBe(404);
        expect(result.body).toMatchObject({ ...ERROR_ENVELOPE, error: { code: 'NOT_FOUND' } });
      }
    });
  });
});
