import { type Admission, admissionOf, type CallerCredential, type LiveFacts } from './admission';
import type { OperationRequirements } from './operation-requirements';

const person = (overrides: Partial<OperationRequirements> = {}): OperationRequirements => ({
  access: 'person',
  scopes: null,
  operatorRequirements: [],
  sessionOnly: false,
  settings: [],
  ...overrides,
});
const key = (...scopes: string[]): CallerCredential => ({ kind: 'api_key', scopes });
const SESSION: CallerCredential = { kind: 'session', scopes: null };
const NOTHING_MISSING: LiveFacts = { missingGrants: [], missingSettings: [] };

const admitted = (admission: Admission) => [admission.tokenAdmitted, admission.unavailableReason];

describe('admission of a caller to an operation', () => {
  it('admits a token holding one listed scope, with implication', () => {
    const read = person({ scopes: ['wiki:read'] });
    expect(admitted(admissionOf(read, key('wiki:read'), NOTHING_MISSING))).toEqual([true, null]);
    expect(admitted(admissionOf(read, key('wiki:write'), NOTHING_MISSING))).toEqual([true, null]);
    const history = person({ scopes: ['workflows:read'] });
    expect(admissionOf(history, key('workflows:run'), NOTHING_MISSING).tokenAdmitted).toBe(true);
    expect(admissionOf(history, key('workflows:write'), NOTHING_MISSING).tokenAdmitted).toBe(true);
  });

  it('refuses a token without a listed scope: missing_scopes, and a key to create', () => {
    const write = person({ scopes: ['wiki:write'] });
    const answer = admissionOf(write, key('wiki:read', 'workflows:write'), NOTHING_MISSING);
    expect(answer).toMatchObject({
      tokenAdmitted: false,
      unavailableReason: 'insufficient_scope',
      missingScopes: ['wiki:write'],
    });
    expect(answer.nextAction).toMatch(/create an API key with the scope wiki:write/);
    const run = person({ scopes: ['workflows:run'] });
    expect(admissionOf(run, key('workflows:write'), NOTHING_MISSING).missingScopes).toEqual([
      'workflows:run',
    ]);
  });

  it('lets a session cookie reach every scope', () => {
    const operator = person({ scopes: ['operator:all'] });
    expect(admitted(admissionOf(operator, SESSION, NOTHING_MISSING))).toEqual([true, null]);
  });

  it('refuses every token on a session-only route, whatever its scopes', () => {
    const keys = person({ sessionOnly: true });
    const answer = admissionOf(keys, key('wiki:write', 'workflows:write'), NOTHING_MISSING);
    expect(answer).toMatchObject({
      tokenAdmitted: false,
      unavailableReason: 'session_cookie_required',
      missingScopes: [],
    });
    expect(
      admissionOf(keys, { kind: 'oauth_access', scopes: [] }, NOTHING_MISSING).tokenAdmitted,
    ).toBe(false);
    expect(admitted(admissionOf(keys, SESSION, NOTHING_MISSING))).toEqual([true, null]);
  });

  it('needs operator:all and the live grant on an operator route', () => {
    const inbox = person({ scopes: ['operator:all'], operatorRequirements: ['feedback.view'] });
    const lacking = { missingGrants: ['feedback.view'], missingSettings: [] };
    const both = admissionOf(inbox, key('wiki:read'), lacking);
    expect(both).toMatchObject({
      tokenAdmitted: false,
      unavailableReason: 'insufficient_scope',
      missingScopes: ['operator:all'],
    });
    expect(both.nextAction).toMatch(
      /operator:all.*grant you the operator requirement feedback\.view/,
    );
    expect(admissionOf(inbox, key('operator:all'), lacking)).toMatchObject({
      tokenAdmitted: false,
      unavailableReason: 'operator_grant_missing:feedback.view',
      missingScopes: [],
    });
    expect(admitted(admissionOf(inbox, key('operator:all'), NOTHING_MISSING))).toEqual([
      true,
      null,
    ]);
    expect(admissionOf(inbox, SESSION, lacking).unavailableReason).toBe(
      'operator_grant_missing:feedback.view',
    );
  });

  it('reports a missing setting first: nobody can use the route', () => {
    const contact = person({ settings: ['SMTP_URL'] });
    const answer = admissionOf(contact, SESSION, {
      missingGrants: [],
      missingSettings: ['SMTP_URL'],
    });
    expect(answer).toMatchObject({
      tokenAdmitted: false,
      unavailableReason: 'not_configured:SMTP_URL',
    });
    expect(answer.nextAction).toMatch(/has not configured SMTP_URL/);
  });

  it('admits anyone to a public route, and no token to a route with its own credential', () => {
    const health = person({ access: 'public' });
    expect(admitted(admissionOf(health, key(), NOTHING_MISSING))).toEqual([true, null]);
    const intake = person({ access: 'internal_token' });
    expect(admissionOf(intake, SESSION, NOTHING_MISSING)).toMatchObject({
      tokenAdmitted: false,
      unavailableReason: 'internal_token_required',
    });
    const trigger = person({ access: 'own_credential' });
    expect(admissionOf(trigger, key('workflows:run'), NOTHING_MISSING).unavailableReason).toBe(
      'own_credential_required',
    );
  });
});
