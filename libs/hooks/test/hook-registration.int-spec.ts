import type { ResolvedAddress } from '@cw/outbound';
import {
  approveAuthorization,
  authorizeUrlOf,
  call,
  oauthTokenRequest,
  pkcePair,
  registerOAuthClient,
  signInTestPerson,
  type TestApp,
} from '@cw/testing';
import { DataSource } from 'typeorm';
import {
  designWorkflow,
  finishedRun,
  newCompany,
  newHookUser,
  type RegisteredHook,
  type Refusal,
  registerCallback,
  subscribe,
} from './hooks-fixtures';
import { startHooksTestApp } from './hooks-test-app';

jest.setTimeout(60_000);

/** Names the test resolves itself: one public, one that points inside the network. */
const NAMES: Record<string, ResolvedAddress[]> = {
  'receiver.example': [{ address: '93.184.216.34', family: 4 }],
  'internal.example': [{ address: '10.0.0.7', family: 4 }],
  'mixed.example': [
    { address: '93.184.216.34', family: 4 },
    { address: '169.254.169.254', family: 4 },
  ],
};

const PUBLIC_TARGET = 'https://receiver.example/hooks/abc123';

describe('registering and managing report hooks (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;
  let db: DataSource;

  const count = async (table: string, where = 'true', params: unknown[] = []): Promise<number> => {
    const [{ n }]: { n: number }[] = await db.query(
      `SELECT count(*)::int AS n FROM hooks.${table} WHERE ${where}`,
      params,
    );
    return n;
  };

  beforeAll(async () => {
    server = await startHooksTestApp({
      // Registration and management only: nothing is delivered, so no test here dials out to
      // the made-up public address (deliveries are hook-delivery.int-spec's, to a local receiver).
      env: { HOOKS_WORKER: 'off' },
      resolve: async (host) => {
        const answer = NAMES[host];
        if (!answer) throw new Error(`ENOTFOUND ${host}`);
        return answer;
      },
    });
    db = server.app.get(DataSource);
  });
  afterAll(() => server.close());

  it('registers a subscription with a bearer token: 201, the secret shown once as 64 hex, no-store, stored encrypted', async () => {
    const alice = await newHookUser(server.baseUrl);
    const workflowId = await designWorkflow(server.baseUrl, alice);
    const created = await subscribe(server.baseUrl, alice.token, {
      target_url: PUBLIC_TARGET,
      workflow_public_id: workflowId,
      statuses: ['failed', 'completed'],
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.headers.get('x-request-id')).toBeTruthy();
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      kind: 'subscription',
      target: PUBLIC_TARGET,
      signing_key_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      signing_secret: expect.stringMatching(/^[0-9a-f]{64}$/),
      workflow_public_id: workflowId,
      statuses: ['completed', 'failed'],
      report_id: null,
      created_at: expect.any(String),
    });
    const [key]: { ciphertext: Buffer; encryption_key_id: string }[] = await db.query(
      `SELECT ciphertext, encryption_key_id FROM hooks.signing_keys WHERE hook_id = $1`,
      [created.body.id],
    );
    expect(key.ciphertext.includes(Buffer.from(created.body.signing_secret))).toBe(false);
    expect(key.encryption_key_id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('refuses registration with a session cookie (403) and writes nothing', async () => {
    const alice = await newHookUser(server.baseUrl);
    const before = await count('hooks', 'owner_id = $1', [alice.personId]);
    const refused = await call<Refusal>(server.baseUrl, 'POST', '/api/report-hooks', {
      cookie: alice.cookie,
      body: { target_url: PUBLIC_TARGET },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'ACCESS_DENIED',
      details: { error: 'bearer_required' },
    });
    const runId = await finishedRun(server.baseUrl, alice);
    const callback = await call<Refusal>(
      server.baseUrl,
      'POST',
      `/api/reports/${runId}/callbacks`,
      { cookie: alice.cookie, body: { url: PUBLIC_TARGET } },
    );
    expect(callback.status).toBe(403);
    expect(await count('hooks', 'owner_id = $1', [alice.personId])).toBe(before);
  });

  it('refuses non-public addresses with 422 VALIDATION_ERROR naming the field, and writes nothing', async () => {
    const alice = await newHookUser(server.baseUrl);
    const runId = await finishedRun(server.baseUrl, alice);
    const refusedTargets = [
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::ffff:10.0.0.1]/',
      'https://[fd00::1]/',
      'https://internal.example/hook',
      'https://mixed.example/hook',
      'https://user:pass@receiver.example/',
      'ftp://receiver.example/',
      'not a url',
      'https://unknown.example/',
    ];
    for (const target of refusedTargets) {
      const refused = await subscribe(server.baseUrl, alice.token, { target_url: target });
      expect([target, refused.status, refused.body.error?.code]).toEqual([
        target,
        422,
        'VALIDATION_ERROR',
      ]);
      expect(refused.body.error.details).toMatchObject({ field: 'target_url' });
    }
    const callback = await registerCallback(
      server.baseUrl,
      alice.token,
      runId,
      'https://192.168.1.1/',
    );
    expect(callback.status).toBe(422);
    expect(callback.body.error.details).toMatchObject({
      field: 'url',
      validation_errors: [{ field: 'url', message: expect.stringContaining('private') }],
    });
    expect(await count('hooks', 'owner_id = $1', [alice.personId])).toBe(0);
    expect(await count('deliveries', 'report_id = $1', [runId])).toBe(0);
  });

  it('refuses malformed bodies with 400 naming the field', async () => {
    const alice = await newHookUser(server.baseUrl);
    for (const [body, field] of [
      [{ target_url: PUBLIC_TARGET, statuses: ['running'] }, 'statuses'],
      [{ target_url: PUBLIC_TARGET, statuses: [] }, 'statuses'],
      [{ target_url: PUBLIC_TARGET, statuses: null }, 'statuses'],
      [{ target_url: PUBLIC_TARGET, workflow_public_id: null }, 'workflow_public_id'],
      [{ target_url: PUBLIC_TARGET, workflow_public_id: 'nope' }, 'workflow_public_id'],
      [{ target_url: PUBLIC_TARGET, surprise: true }, 'surprise'],
      [{}, 'target_url'],
    ] as const) {
      const refused = await subscribe(server.baseUrl, alice.token, body);
      expect([field, refused.status, refused.body.error.details?.field]).toEqual([
        field,
        400,
        field,
      ]);
    }
  });

  it('answers 404 for a report or workflow the caller cannot read, company admins included', async () => {
    const company = newCompany();
    const owner = await newHookUser(server.baseUrl, { company });
    const admin = await newHookUser(server.baseUrl, { company, role: 'admin' });
    const outsider = await newHookUser(server.baseUrl);
    const privateWorkflow = await designWorkflow(server.baseUrl, owner, { visibility: 'private' });
    const privateRun = await finishedRun(server.baseUrl, owner, privateWorkflow);
    for (const user of [admin, outsider]) {
      const callback = await registerCallback(
        server.baseUrl,
        user.token,
        privateRun,
        PUBLIC_TARGET,
      );
      expect(callback.status).toBe(404);
      const filtered = await subscribe(server.baseUrl, user.token, {
        target_url: PUBLIC_TARGET,
        workflow_public_id: privateWorkflow,
      });
      expect(filtered.status).toBe(404);
    }
    expect(
      (await registerCallback(server.baseUrl, owner.token, privateRun, PUBLIC_TARGET)).status,
    ).toBe(201);
  });

  it('lists only the caller’s live hooks, masked, without secrets; another person’s hook is 404, admins included', async () => {
    const company = newCompany();
    const alice = await newHookUser(server.baseUrl, { company });
    const admin = await newHookUser(server.baseUrl, { company, role: 'admin' });
    const hook = (await subscribe(server.baseUrl, alice.token, { target_url: PUBLIC_TARGET })).body;
    const listed = await call<{ hooks: Record<string, unknown>[] }>(
      server.baseUrl,
      'GET',
      '/api/report-hooks',
      { cookie: alice.cookie },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.hooks).toEqual([
      {
        id: hook.id,
        kind: 'subscription',
        target: 'https://receiver.example/…c123',
        signing_key_id: hook.signing_key_id,
        workflow_public_id: null,
        statuses: null,
        report_id: null,
        created_at: hook.created_at,
      },
    ]);
    expect(listed.text).not.toContain(hook.signing_secret);
    const adminList = await call<{ hooks: unknown[] }>(server.baseUrl, 'GET', '/api/report-hooks', {
      token: admin.token,
    });
    expect(adminList.body.hooks).toEqual([]);
    for (const [method, path] of [
      ['POST', `/api/report-hooks/${hook.id}/signing-key`],
      ['DELETE', `/api/report-hooks/${hook.id}`],
      ['GET', `/api/report-hooks/${hook.id}/deliveries`],
    ]) {
      const refused = await call<Refusal>(server.baseUrl, method, path, { token: admin.token });
      expect([method, path, refused.status, refused.body.error.code]).toEqual([
        method,
        path,
        404,
        'NOT_FOUND',
      ]);
    }
    expect(await count('hooks', 'id = $1 AND state = $2', [hook.id, 'live'])).toBe(1);
  });

  it('rotates the signing key (a session may): a new key and secret, no-store, the old key gone', async () => {
    const alice = await newHookUser(server.baseUrl);
    const hook = (await subscribe(server.baseUrl, alice.token, { target_url: PUBLIC_TARGET })).body;
    const rotated = await call<{ hook_id: string; signing_key_id: string; signing_secret: string }>(
      server.baseUrl,
      'POST',
      `/api/report-hooks/${hook.id}/signing-key`,
      { cookie: alice.cookie },
    );
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    expect(rotated.body).toEqual({
      hook_id: hook.id,
      signing_key_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      signing_secret: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(rotated.body.signing_key_id).not.toBe(hook.signing_key_id);
    expect(rotated.body.signing_secret).not.toBe(hook.signing_secret);
    expect(await count('signing_keys', 'hook_id = $1', [hook.id])).toBe(1);
    expect(await count('signing_keys', 'id = $1', [hook.signing_key_id])).toBe(0);
  });

  it('deletes idempotently (204 twice), removes the signing material, keeps the row, and refuses rotating an ended hook', async () => {
    const alice = await newHookUser(server.baseUrl);
    const hook = (await subscribe(server.baseUrl, alice.token, { target_url: PUBLIC_TARGET })).body;
    for (let round = 0; round < 2; round += 1) {
      const deleted = await call(server.baseUrl, 'DELETE', `/api/report-hooks/${hook.id}`, {
        token: alice.token,
      });
      expect(deleted.status).toBe(204);
    }
    expect(await count('signing_keys', 'hook_id = $1', [hook.id])).toBe(0);
    expect(
      await count('hooks', `id = $1 AND state = 'ended' AND ended_reason = 'deleted'`, [hook.id]),
    ).toBe(1);
    const listed = await call<{ hooks: unknown[] }>(server.baseUrl, 'GET', '/api/report-hooks', {
      token: alice.token,
    });
    expect(listed.body.hooks).toEqual([]);
    const rotate = await call<Refusal>(
      server.baseUrl,
      'POST',
      `/api/report-hooks/${hook.id}/signing-key`,
      { token: alice.token },
    );
    expect(rotate.status).toBe(409);
    expect(rotate.body.error.code).toBe('HOOK_ENDED');
    const history = await call(server.baseUrl, 'GET', `/api/report-hooks/${hook.id}/deliveries`, {
      token: alice.token,
    });
    expect(history.status).toBe(200);
  });

  it('ends a key’s hooks when the key is revoked (DELETE /api/auth/api-keys/{id})', async () => {
    const alice = await newHookUser(server.baseUrl);
    const hooks: RegisteredHook[] = [];
    for (let index = 0; index < 2; index += 1) {
      hooks.push(
        (await subscribe(server.baseUrl, alice.token, { target_url: PUBLIC_TARGET })).body,
      );
    }
    const keys = await call<{ api_keys: { id: string }[] }>(
      server.baseUrl,
      'GET',
      '/api/auth/api-keys',
      { cookie: alice.cookie },
    );
    const [key] = keys.body.api_keys;
    expect(
      (
        await call(server.baseUrl, 'DELETE', `/api/auth/api-keys/${key.id}`, {
          cookie: alice.cookie,
        })
      ).status,
    ).toBe(204);
    const listed = await call<{ hooks: unknown[] }>(server.baseUrl, 'GET', '/api/report-hooks', {
      cookie: alice.cookie,
    });
    expect(listed.body.hooks).toEqual([]);
    expect(
      await count('hooks', `id = ANY($1::uuid[]) AND ended_reason = 'credential_ended'`, [
        hooks.map((hook) => hook.id),
      ]),
    ).toBe(2);
  });

  it('keeps an OAuth sign-in’s hooks across refreshes, and ends them with the sign-in', async () => {
    const alice = await newHookUser(server.baseUrl);
    const redirectUri = 'http://127.0.0.1:6274/oauth/callback';
    const clientId = await registerOAuthClient(server.baseUrl, redirectUri);
    const pkce = pkcePair();
    const callback = await approveAuthorization(
      server.baseUrl,
      alice.cookie,
      authorizeUrlOf(server.baseUrl, {
        client_id: clientId,
        redirect_uri: redirectUri,
        state: 's',
        code_challenge: pkce.challenge,
        scope: 'workflows:read offline_access',
      }),
    );
    const issued = await oauthTokenRequest(server.baseUrl, {
      grant_type: 'authorization_code',
      client_id: clientId,
      code: callback.searchParams.get('code')!,
      redirect_uri: redirectUri,
      code_verifier: pkce.verifier,
    });
    const hook = (
      await subscribe(server.baseUrl, issued.body.access_token!, { target_url: PUBLIC_TARGET })
    ).body;
    const refreshed = await oauthTokenRequest(server.baseUrl, {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: issued.body.refresh_token,
    });
    const listed = await call<{ hooks: { id: string }[] }>(
      server.baseUrl,
      'GET',
      '/api/report-hooks',
      {
        token: refreshed.body.access_token,
      },
    );
    expect(listed.body.hooks.map((each) => each.id)).toEqual([hook.id]);

    const revoked = await fetch(`${server.baseUrl}/api/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: refreshed.body.refresh_token!,
        client_id: clientId,
      }).toString(),
    });
    expect(revoked.status).toBe(200);
    const afterRevocation = await call<{ hooks: unknown[] }>(
      server.baseUrl,
      'GET',
      '/api/report-hooks',
      { cookie: alice.cookie },
    );
    expect(afterRevocation.body.hooks).toEqual([]);
    expect(await count('hooks', `id = $1 AND ended_reason = 'credential_ended'`, [hook.id])).toBe(
      1,
    );
  });

  it('a person signed in elsewhere sees none of it: the hooks are per person and company', async () => {
    const alice = await newHookUser(server.baseUrl);
    await subscribe(server.baseUrl, alice.token, { target_url: PUBLIC_TARGET });
    const other = await signInTestPerson(server.baseUrl, { company: newCompany() });
    const listed = await call<{ hooks: unknown[] }>(server.baseUrl, 'GET', '/api/report-hooks', {
      cookie: other.cookie,
    });
    expect(listed.body.hooks).toEqual([]);
  });
});
