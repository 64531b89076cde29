import { createHmac, timingSafeEqual } from 'node:crypto';
import { ReadinessRegistry } from '@cw/platform';
import { preparedStatementName } from '@cw/db';
import {
  call,
  captureStatements,
  genericPlanTableReads,
  tableReads,
  type TestApp,
} from '@cw/testing';
import { WorkflowReportsApi } from '@cw/workflows';
import { DataSource } from 'typeorm';
import { DeliveryAttemptService } from '../src/deliveries/delivery-attempt.service';
import { DeliveryFanout } from '../src/deliveries/delivery-fanout.service';
import { DeliveryAttemptRepository } from '../src/deliveries/delivery-attempt.repository';
import { DeliveryFanoutRepository } from '../src/deliveries/delivery-fanout.repository';
import { DeliveryReceiptsRepository } from '../src/deliveries/delivery-receipts.repository';
import { DeliverySettlementRepository } from '../src/deliveries/delivery-settlement.repository';
import { DeliveryAttemptProcessor } from '../src/deliveries/jobs/delivery-attempt.processor';
import { DELIVERY_LANES } from '../src/deliveries/jobs/delivery-lanes';
import { DEFAULT_HOOKS_CONCURRENCY, HooksConfig } from '../src/hooks.config';
import { OwnerReportReads } from '../src/deliveries/owner-report-reads';
import type { HookPrincipal } from '../src/access/hook-authority';
import { HookMatchingRepository } from '../src/registration/hook-matching.repository';
import { docsVerifier, type HookReceiver, startHookReceiver } from '../src/testing';
import {
  allDelivered,
  allSettled,
  type Delivery,
  deliveriesOf,
  designWorkflow,
  finishedRun,
  type HookUser,
  isTerminal,
  newCompany,
  newHookUser,
  type Refusal,
  type RegisteredHook,
  registerCallback,
  startRun,
  subscribe,
  waitForDeliveries,
  waitForRun,
} from './hooks-fixtures';
import { startHooksTestApp } from './hooks-test-app';

jest.setTimeout(90_000);

/**
 * A receiver's own verification, written by hand the Standard Webhooks way: the message id,
 * timestamp and ids joined with dots before the body as text, a space-separated list of
 * versioned signatures, a constant-time comparison of the decoded digests.
 */
function handWrittenVerify(
  headers: Record<string, string>,
  body: Buffer,
  hook: { id: string; keyId: string; secret: string },
  toleranceSeconds = 300,
): boolean {
  const id = headers['x-service-delivery'];
  const timestamp = Number(headers['x-service-timestamp']);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) {
    return false;
  }
  if (headers['x-service-hook'] !== hook.id || headers['x-service-key-id'] !== hook.keyId) {
    return false;
  }
  const content = `v1.${timestamp}.${id}.${hook.id}.${hook.keyId}.${body.toString('utf8')}`;
  const expected = createHmac('sha256', hook.secret).update(content).digest();
  return (headers['x-service-signature'] ?? '').split(' ').some((entry) => {
    const [version, hex] = entry.split('=');
    const given = Buffer.from(hex ?? '', 'hex');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

describe('delivering reports to hooks (one process, real PostgreSQL and Redis, a local receiver)', () => {
  let server: TestApp;
  let db: DataSource;
  let receiver: HookReceiver;

  const as = (user: HookUser) => ({ token: user.token });

  const hookRow = async (
    hookId: string,
  ): Promise<{ state: string; ended_reason: string | null }> => {
    const [row]: { state: string; ended_reason: string | null }[] = await db.query(
      `SELECT state, ended_reason FROM hooks.hooks WHERE id = $1`,
      [hookId],
    );
    return row;
  };

  const requestsFor = (hookId: string) =>
    receiver.received.filter((request) => request.headers['x-service-hook'] === hookId);

  async function subscribed(
    user: HookUser,
    body: Record<string, unknown> = {},
  ): Promise<RegisteredHook> {
    const created = await subscribe(server.baseUrl, user.token, {
      target_url: receiver.url,
      ...body,
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  beforeAll(async () => {
    receiver = await startHookReceiver();
    server = await startHooksTestApp();
    db = server.app.get(DataSource);
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });
  beforeEach(() => receiver.answerWith(() => 200));

  it('POSTs the owner’s report, signed, verifiable with the published example and a hand-written verifier', async () => {
    const alice = await newHookUser(server.baseUrl);
    const hook = await subscribed(alice);
    const runId = await finishedRun(server.baseUrl, alice);
    const [delivery] = await waitForDeliveries(server.baseUrl, as(alice), hook.id, allSettled(1));
    expect(delivery).toMatchObject({
      hook_id: hook.id,
      report_id: runId,
      state: 'delivered',
      attempts: 1,
      replay_count: 0,
      failure_reason: null,
      next_attempt_at: null,
    });
    const [request] = requestsFor(hook.id);
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'x-service-delivery': delivery.id,
      'x-service-hook': hook.id,
      'x-service-key-id': hook.signing_key_id,
      'x-service-timestamp': expect.stringMatching(/^[0-9]+$/),
      'x-service-signature': expect.stringMatching(/^v1=[0-9a-f]{64}$/),
    });
    const verified = docsVerifier()(request.headers, request.body, {
      hookId: hook.id,
      keyId: hook.signing_key_id,
      secret: hook.signing_secret,
    });
    expect(verified.deliveryId).toBe(delivery.id);
    const handChecked = { id: hook.id, keyId: hook.signing_key_id, secret: hook.signing_secret };
    expect(handWrittenVerify(request.headers, request.body, handChecked)).toBe(true);
    expect(
      handWrittenVerify(
        request.headers,
        Buffer.concat([request.body, Buffer.from(' ')]),
        handChecked,
      ),
    ).toBe(false);
    expect(() =>
      docsVerifier()(request.headers, request.body, {
        ...verified,
        hookId: hook.id,
        keyId: hook.signing_key_id,
        secret: '0'.repeat(64),
      }),
    ).toThrow('bad signature');

    const report = await call<{ presentation: Record<string, unknown> }>(
      server.baseUrl,
      'GET',
      `/api/reports/${runId}`,
      as(alice),
    );
    const sent = JSON.parse(request.body.toString('utf8')) as {
      presentation: Record<string, unknown>;
    };
    expect({ ...sent, presentation: { ...sent.presentation, delivery_receipts: [] } }).toEqual({
      ...report.body,
      presentation: { ...report.body.presentation, delivery_receipts: [] },
    });
    expect(report.body.presentation.delivery_receipts).toEqual([
      {
        hook_id: hook.id,
        delivery_id: delivery.id,
        state: 'delivered',
        delivered_at: delivery.delivered_at,
      },
    ]);
  });

  it('sends a subscription only the statuses and the workflow it asked for', async () => {
    const alice = await newHookUser(server.baseUrl);
    const watched = await designWorkflow(server.baseUrl, alice);
    const other = await designWorkflow(server.baseUrl, alice);
    const failing = await designWorkflow(server.baseUrl, alice, {
      steps: [{ id: 'check', block: 'assert', that: '1 === 2', message: 'no' }],
    });
    const onlyWatched = await subscribed(alice, { workflow_public_id: watched });
    const onlyFailed = await subscribed(alice, { statuses: ['failed'] });
    const runs = [
      await finishedRun(server.baseUrl, alice, watched),
      await finishedRun(server.baseUrl, alice, other),
      await finishedRun(server.baseUrl, alice, failing),
    ];
    const watchedDeliveries = await waitForDeliveries(
      server.baseUrl,
      as(alice),
      onlyWatched.id,
      allSettled(1),
    );
    expect(watchedDeliveries.map((each) => each.report_id)).toEqual([runs[0]]);
    const failedDeliveries = await waitForDeliveries(
      server.baseUrl,
      as(alice),
      onlyFailed.id,
      allSettled(1),
    );
    expect(failedDeliveries.map((each) => each.report_id)).toEqual([runs[2]]);
  });

  it('never sends a report its hook’s owner cannot read (another member’s private workflow)', async () => {
    const company = newCompany();
    const owner = await newHookUser(server.baseUrl, { company });
    const admin = await newHookUser(server.baseUrl, { company, role: 'admin' });
    const adminHook = await subscribed(admin);
    const ownerHook = await subscribed(owner);
    const privateWorkflow = await designWorkflow(server.baseUrl, owner, { visibility: 'private' });
    await finishedRun(server.baseUrl, owner, privateWorkflow);
    await waitForDeliveries(server.baseUrl, as(owner), ownerHook.id, allSettled(1));
    expect(await deliveriesOf(server.baseUrl, as(admin), adminHook.id)).toEqual([]);
    expect(requestsFor(adminHook.id)).toEqual([]);
  });

  it('sends a callback on a finished run at once, and one on a waiting run only when it finishes', async () => {
    const alice = await newHookUser(server.baseUrl);
    const finished = await finishedRun(server.baseUrl, alice);
    const now = await registerCallback(server.baseUrl, alice.token, finished, receiver.url);
    expect(now.status).toBe(201);
    expect(now.body).toMatchObject({ kind: 'callback', report_id: finished, statuses: null });
    await waitForDeliveries(server.baseUrl, as(alice), now.body.id, allDelivered(1));

    const waiting = await designWorkflow(server.baseUrl, alice, {
      steps: [{ id: 'ask', block: 'work_packet', instructions: 'Answer, please.' }],
    });
    const runId = await startRun(server.baseUrl, alice, waiting);
    await waitForRun(server.baseUrl, alice, runId, (status) => status === 'awaiting_work_packet');
    const later = await registerCallback(server.baseUrl, alice.token, runId, receiver.url);
    expect(later.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await deliveriesOf(server.baseUrl, as(alice), later.body.id)).toEqual([]);
    const packet = await call<{ packet_id: string }>(
      server.baseUrl,
      'GET',
      `/api/workflows/runs/${runId}/work-packet`,
      { cookie: alice.cookie },
    );
    const resumed = await call(server.baseUrl, 'POST', `/api/workflows/runs/${runId}/work-packet`, {
      cookie: alice.cookie,
      body: { packet_id: packet.body.packet_id, result: 'done' },
    });
    expect(resumed.status).toBe(200);
    await waitForRun(server.baseUrl, alice, runId, isTerminal);
    const [delivery] = await waitForDeliveries(
      server.baseUrl,
      as(alice),
      later.body.id,
      allDelivered(1),
    );
    const [request] = requestsFor(later.body.id);
    expect(JSON.parse(request.body.toString('utf8'))).toMatchObject({
      id: runId,
      presentation: { execution_status: 'completed' },
    });
    expect(delivery.report_id).toBe(runId);
  });

  it('retries 500, 429, a timeout and a reset connection with doubling waits, then delivers', async () => {
    const alice = await newHookUser(server.baseUrl);
    const hook = await subscribed(alice);
    const answers = [500, 429, 'hang', 'reset', 200] as const;
    receiver.answerWith((request) =>
      request.headers['x-service-hook'] === hook.id
        ? answers[Math.min(requestsFor(hook.id).length - 1, answers.length - 1)]
        : 200,
    );
    await finishedRun(server.baseUrl, alice);
    const [delivery] = await waitForDeliveries(server.baseUrl, as(alice), hook.id, allSettled(1));
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 5, failure_reason: null });
    const requests = requestsFor(hook.id);
    expect(new Set(requests.map((each) => each.headers['x-service-delivery']))).toEqual(
      new Set([delivery.id]),
    );
    // Waits of 0.05, 0.1, 0.2 (capped), 0.2 s after each failure; the hang adds the 2 s deadline.
    const gaps = requests
      .slice(1)
      .map((each, index) => each.receivedAt - requests[index].receivedAt);
    expect(gaps[0]).toBeGreaterThanOrEqual(45);
    expect(gaps[1]).toBeGreaterThanOrEqual(95);
    expect(gaps[2]).toBeGreaterThanOrEqual(2000 + 190);
    expect(gaps[3]).toBeGreaterThanOrEqual(190);
  });

  it('fails after 8 attempts of a round, and keeps the failure code', async () => {
    const alice = await newHookUser(server.baseUrl);
    const hook = await subscribed(alice);
    receiver.answerWith((request) => (request.headers['x-service-hook'] === hook.id ? 503 : 200));
    await finishedRun(server.baseUrl, alice);
    const [delivery] = await waitForDeliveries(server.baseUrl, as(alice), hook.id, allSettled(1));
    expect(delivery).toMatchObject({ state: 'failed', attempts: 8, failure_reason: 'http_503' });
    expect(requestsFor(hook.id)).toHaveLength(8);
    expect((await hookRow(hook.id)).state).toBe('live');
  });

  it('does not follow a 308 redirect: the delivery fails http_308 and the new address is never asked', async () => {
    const alice = await newHookUser(server.baseUrl);
    const hook = await subscribed(alice);
    receiver.answerWith((request) =>
      request.headers['x-service-hook'] === hook.id
        ? { status: 308, headers: { location: `${receiver.url}/moved` } }
        : 200,
    );
    await finishedRun(server.baseUrl, alice);
    const [delivery] = await waitForDeliveries(server.baseUrl, as(alice), hook.id, allSettled(1));
    expect(delivery).toMatchObject({ state: 'failed', attempts: 1, failure_reason: 'http_308' });
    expect(requestsFor(hook.id)).toHaveLength(1);
  });

  it('ends the hook on 410: no more deliveries, not listed, not replayable', async () => {
    const alice = await newHookUser(server.baseUrl);
    const hook = await subscribed(alice);
    receiver.answerWith((request) => (request.headers['x-service-hook'] === hook.id ? 410 : 200));
    await finishedRun(server.baseUrl, alice);
    const [delivery] = await waitForDeliveries(server.baseUrl, as(alice), hook.id, allSettled(1));
    expect(delivery).toMatchObject({ state: 'failed', failure_reason: 'http_410' });
    expect(await hookRow(hook.id)).toEqual({ state: 'ended', ended_reason: 'receiver_gone' });
    await finishedRun(server.baseUrl, alice);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await deliveriesOf(server.baseUrl, as(alice), hook.id)).toHaveLength(1);
    const replay = await call<Refusal>(
      server.baseUrl,
      'POST',
      `/api/report-hooks/${hook.id}/deliveries/${delivery.id}/replay`,
      { token: alice.token, body: { replay_count: 0 } },
    );
    expect(replay.status).toBe(409);
    expect(replay.body.error.code).toBe('DELIVERY_NOT_REPLAYABLE');
  });

  it('replays with compare-and-swap on replay_count: concurrent replays with one count make one replay', async () => {
    const alice = await newHookUser(server.baseUrl);
    const hook = await subscribed(alice);
    let failing = true;
    receiver.answerWith((request) =>
      request.headers['x-service-hook'] === hook.id && failing ? 400 : 200,
    );
    await finishedRun(server.baseUrl, alice);
    const [failed] = await waitForDeliveries(server.baseUrl, as(alice), hook.id, allSettled(1));
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, failure_reason: 'http_400' });
    failing = false;
    const path = `/api/report-hooks/${hook.id}/deliveries/${failed.id}/replay`;
    const replays = await Promise.all(
      Array.from({ length: 8 }, () =>
        call<Delivery>(server.baseUrl, 'POST', path, {
          cookie: alice.cookie,
          body: { replay_count: 0 },
        }),
      ),
    );
    expect(replays.map((each) => each.status)).toEqual(Array(8).fill(200));
    expect(new Set(replays.map((each) => each.body.replay_count))).toEqual(new Set([1]));
    expect(new Set(replays.map((each) => each.body.id))).toEqual(new Set([failed.id]));
    const [delivered] = await waitForDeliveries(server.baseUrl, as(alice), hook.id, (all) =>
      all.every((each) => each.state === 'delivered'),
    );
    expect(delivered).toMatchObject({ id: failed.id, replay_count: 1, attempts: 2 });
    expect(requestsFor(hook.id)).toHaveLength(2);
    expect(new Set(requestsFor(hook.id).map((each) => each.headers['x-service-delivery']))).toEqual(
      new Set([failed.id]),
    );
    const again = await call<Delivery>(server.baseUrl, 'POST', path, {
      token: alice.token,
      body: { replay_count: 0 },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ state: 'delivered', replay_count: 1 });
    const stale = await call<Refusal>(server.baseUrl, 'POST', path, {
      token: alice.token,
      body: { replay_count: 5 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('REPLAY_COUNT_STALE');
    const delivered409 = await call<Refusal>(server.baseUrl, 'POST', path, {
      token: alice.token,
      body: { replay_count: 1 },
    });
    expect(delivered409.status).toBe(409);
    expect(delivered409.body.error.code).toBe('DELIVERY_NOT_REPLAYABLE');
    expect(requestsFor(hook.id)).toHaveLength(2);
  });

  it('ends a callback as undeliverable after a failure, and a replay reopens it', async () => {
    const alice = await newHookUser(server.baseUrl);
    const runId = await finishedRun(server.baseUrl, alice);
    let answer = 404;
    // The callback is sent before its registration answers: recognise it by its report.
    receiver.answerWith((request) =>
      (JSON.parse(request.body.toString('utf8')) as { id: string }).id === runId ? answer : 200,
    );
    const callback = await registerCallback(server.baseUrl, alice.token, runId, receiver.url);
    expect(callback.status).toBe(201);
    const [failed] = await waitForDeliveries(
      server.baseUrl,
      as(alice),
      callback.body.id,
      allSettled(1),
    );
    expect(failed).toMatchObject({ state: 'failed', failure_reason: 'http_404' });
    expect(await hookRow(callback.body.id)).toEqual({
      state: 'ended',
      ended_reason: 'undeliverable',
    });
    answer = 200;
    const replayed = await call<Delivery>(
      server.baseUrl,
      'POST',
      `/api/report-hooks/${callback.body.id}/deliveries/${failed.id}/replay`,
      { token: alice.token, body: { replay_count: 0 } },
    );
    expect(replayed.status).toBe(200);
    await waitForDeliveries(server.baseUrl, as(alice), callback.body.id, (all) =>
      all.every((each) => each.state === 'delivered'),
    );
    expect(await hookRow(callback.body.id)).toEqual({ state: 'live', ended_reason: null });
  });

  it('fails closed without a network attempt when the signing material is unreadable, and recovers by rotation and replay', async () => {
    const alice = await newHookUser(server.baseUrl);
    const hook = await subscribed(alice);
    await db.query(
      `UPDATE hooks.signing_keys SET ciphertext = ciphertext || '\\x00'::bytea WHERE hook_id = $1`,
      [hook.id],
    );
    await finishedRun(server.baseUrl, alice);
    const [failed] = await waitForDeliveries(server.baseUrl, as(alice), hook.id, allSettled(1));
    expect(failed).toMatchObject({
      state: 'failed',
      attempts: 0,
      failure_reason: 'signing_key_unavailable',
      last_attempt_at: null,
    });
    expect(requestsFor(hook.id)).toEqual([]);
    const rotated = await call<{ signing_key_id: string; signing_secret: string }>(
      server.baseUrl,
      'POST',
      `/api/report-hooks/${hook.id}/signing-key`,
      { token: alice.token },
    );
    await call(
      server.baseUrl,
      'POST',
      `/api/report-hooks/${hook.id}/deliveries/${failed.id}/replay`,
      {
        token: alice.token,
        body: { replay_count: 0 },
      },
    );
    await waitForDeliveries(server.baseUrl, as(alice), hook.id, (all) =>
      all.every((each) => each.state === 'delivered'),
    );
    const [request] = requestsFor(hook.id);
    expect(request.headers['x-service-key-id']).toBe(rotated.body.signing_key_id);
    docsVerifier()(request.headers, request.body, {
      hookId: hook.id,
      keyId: rotated.body.signing_key_id,
      secret: rotated.body.signing_secret,
    });
  });

  it('sends a legacy unsigned hook only the delivery and hook headers, until a key is set', async () => {
    const alice = await newHookUser(server.baseUrl);
    const hook = await subscribed(alice);
    await db.query(`DELETE FROM hooks.signing_keys WHERE hook_id = $1`, [hook.id]);
    await db.query(`UPDATE hooks.hooks SET signed = false WHERE id = $1`, [hook.id]);
    await finishedRun(server.baseUrl, alice);
    await waitForDeliveries(server.baseUrl, as(alice), hook.id, allDelivered(1));
    const [unsigned] = requestsFor(hook.id);
    expect(
      Object.keys(unsigned.headers)
        .filter((name) => name.startsWith('x-service-'))
        .sort(),
    ).toEqual(['x-service-delivery', 'x-service-hook']);
    const listed = await call<{ hooks: { id: string; signing_key_id: string | null }[] }>(
      server.baseUrl,
      'GET',
      '/api/report-hooks',
      { token: alice.token },
    );
    expect(listed.body.hooks).toEqual([
      expect.objectContaining({ id: hook.id, signing_key_id: null }),
    ]);
    const rotated = await call<{ signing_key_id: string; signing_secret: string }>(
      server.baseUrl,
      'POST',
      `/api/report-hooks/${hook.id}/signing-key`,
      { token: alice.token },
    );
    expect(rotated.status).toBe(200);
    await finishedRun(server.baseUrl, alice);
    await waitForDeliveries(server.baseUrl, as(alice), hook.id, allDelivered(2));
    const signed = requestsFor(hook.id)[1];
    expect(signed.headers['x-service-key-id']).toBe(rotated.body.signing_key_id);
    docsVerifier()(signed.headers, signed.body, {
      hookId: hook.id,
      keyId: rotated.body.signing_key_id,
      secret: rotated.body.signing_secret,
    });
  });

  it('turns concurrent duplicates of one report.finished into one delivery', async () => {
    const alice = await newHookUser(server.baseUrl);
    receiver.answerWith(() => 200);
    const runId = await finishedRun(server.baseUrl, alice);
    const hook = await subscribed(alice);
    const report = await call<{ workflow: { id: string } }>(
      server.baseUrl,
      'GET',
      `/api/reports/${runId}`,
      as(alice),
    );
    const fanout = server.app.get(DeliveryFanout);
    const event = {
      run_id: runId,
      company_id: alice.companyId,
      workflow_id: report.body.workflow.id,
      status: 'completed' as const,
      started_by: alice.personId,
    };
    await Promise.all(Array.from({ length: 12 }, () => fanout.reportFinished(event)));
    await waitForDeliveries(server.baseUrl, as(alice), hook.id, allSettled(1));
    const [{ n }]: { n: number }[] = await db.query(
      `SELECT count(*)::int AS n FROM hooks.deliveries WHERE hook_id = $1`,
      [hook.id],
    );
    expect(n).toBe(1);
    expect(
      new Set(requestsFor(hook.id).map((each) => each.headers['x-service-delivery'])).size,
    ).toBe(1);
  });

  it('fans out a batch of reports with one matching query: each report to its own hooks, once', async () => {
    const alice = await newHookUser(server.baseUrl);
    const bob = await newHookUser(server.baseUrl);
    receiver.answerWith(() => 200);
    const runs = await Promise.all([
      finishedRun(server.baseUrl, alice),
      finishedRun(server.baseUrl, bob),
      finishedRun(server.baseUrl, alice),
    ]);
    const [aliceRun, bobRun, quietRun] = runs;
    // The runs' own events handled first (with no hook yet), so only the batch below fans out.
    const fannedOut = async (): Promise<number> => {
      const [{ n }]: { n: number }[] = await db.query(
        `SELECT count(*)::int AS n FROM hooks.report_fanouts WHERE report_id = ANY ($1::uuid[])`,
        [runs],
      );
      return n;
    };
    for (const deadline = Date.now() + 20_000; (await fannedOut()) < 3;) {
      if (Date.now() > deadline) throw new Error('the runs’ report.finished were not handled');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await db.query(`DELETE FROM hooks.report_fanouts WHERE report_id = ANY ($1::uuid[])`, [runs]);
    const subscription = await subscribed(alice, { statuses: ['completed'] });
    // A callback on a finished run gets its delivery at registration; the batch adds none.
    const callback = await registerCallback(server.baseUrl, bob.token, bobRun, receiver.url);
    expect(callback.status).toBe(201);
    const eventOf = async (user: HookUser, runId: string, status: 'completed' | 'failed') => {
      const report = await call<{ workflow: { id: string } }>(
        server.baseUrl,
        'GET',
        `/api/reports/${runId}`,
        as(user),
      );
      return {
        run_id: runId,
        company_id: user.companyId,
        workflow_id: report.body.workflow.id,
        status,
        started_by: user.personId,
      };
    };
    const aliceEvent = await eventOf(alice, aliceRun, 'completed');
    const bobEvent = await eventOf(bob, bobRun, 'completed');
    const quietEvent = await eventOf(alice, quietRun, 'failed');
    const fanout = server.app.get(DeliveryFanout);
    const matching = jest.spyOn(server.app.get(HookMatchingRepository), 'findMatching');
    try {
      await expect(
        fanout.reportsFinished([aliceEvent, bobEvent, quietEvent, aliceEvent]),
      ).resolves.toEqual([1, 1, 0, 1]);
      expect(matching).toHaveBeenCalledTimes(1);
    } finally {
      matching.mockRestore();
    }
    const rows: { hook_id: string; report_id: string }[] = await db.query(
      `SELECT hook_id, report_id FROM hooks.deliveries WHERE hook_id = ANY ($1::uuid[])`,
      [[subscription.id, callback.body.id]],
    );
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        { hook_id: subscription.id, report_id: aliceRun },
        { hook_id: callback.body.id, report_id: bobRun },
      ]),
    );
    expect(await fannedOut()).toBe(3);
  });

  it('keeps a report.finished event it could not handle (the database away) and handles it later', async () => {
    const alice = await newHookUser(server.baseUrl);
    const hook = await subscribed(alice);
    const fanout = server.app.get(DeliveryFanout);
    const handle = fanout.reportsFinished.bind(fanout);
    let refused = 0;
    const spy = jest.spyOn(fanout, 'reportsFinished').mockImplementation(async (events) => {
      if (events.some((event) => event.company_id === alice.companyId) && refused === 0) {
        refused += 1;
        throw new Error('connection refused');
      }
      return handle(events);
    });
    try {
      const runId = await finishedRun(server.baseUrl, alice);
      const [delivery] = await waitForDeliveries(
        server.baseUrl,
        as(alice),
        hook.id,
        allDelivered(1),
      );
      expect(delivery.report_id).toBe(runId);
      expect(refused).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('fences results on the attempt number: a stale attempt sends and records nothing', async () => {
    const alice = await newHookUser(server.baseUrl);
    const hook = await subscribed(alice);
    let answer = 400;
    receiver.answerWith((request) =>
      request.headers['x-service-hook'] === hook.id ? answer : 200,
    );
    await finishedRun(server.baseUrl, alice);
    const [failed] = await waitForDeliveries(server.baseUrl, as(alice), hook.id, allSettled(1));
    answer = 200;
    const attempts = server.app.get(DeliveryAttemptService);
    const replayed = call<Delivery>(
      server.baseUrl,
      'POST',
      `/api/report-hooks/${hook.id}/deliveries/${failed.id}/replay`,
      { token: alice.token, body: { replay_count: 0 } },
    );
    // The replay moved the delivery on to attempt 2: a worker still holding attempt 1 is stale.
    expect((await replayed).status).toBe(200);
    expect(await attempts.attempt(failed.id, 1)).toBe('superseded');
    const [delivered] = await waitForDeliveries(server.baseUrl, as(alice), hook.id, (all) =>
      all.every((each) => each.state === 'delivered'),
    );
    expect(delivered).toMatchObject({ attempts: 2, replay_count: 1 });
    expect(requestsFor(hook.id)).toHaveLength(2);
  });

  it('records one result when two workers send the same attempt at once (at least once, counted once)', async () => {
    const alice = await newHookUser(server.baseUrl);
    const hook = await subscribed(alice);
    receiver.answerWith((request) =>
      request.headers['x-service-hook'] === hook.id ? { status: 200, delayMs: 700 } : 200,
    );
    await finishedRun(server.baseUrl, alice);
    await receiver.waitFor(() => requestsFor(hook.id).length === 1);
    const deliveryId = requestsFor(hook.id)[0].headers['x-service-delivery'];
    const second = await server.app.get(DeliveryAttemptService).attempt(deliveryId, 1);
    expect(['delivered', 'superseded']).toContain(second);
    const [delivered] = await waitForDeliveries(server.baseUrl, as(alice), hook.id, (all) =>
      all.every((each) => each.state === 'delivered'),
    );
    expect(delivered).toMatchObject({ id: deliveryId, attempts: 1 });
    expect(requestsFor(hook.id).map((each) => each.headers['x-service-delivery'])).toEqual([
      deliveryId,
      deliveryId,
    ]);
  });

  it('runs HOOKS_CONCURRENCY attempts at once over four BullMQ workers of its own, one readiness entry', async () => {
    const lanes = Array.from({ length: DELIVERY_LANES }, (_, lane) =>
      server.app.get<DeliveryAttemptProcessor>(`${DeliveryAttemptProcessor.name}:${lane}`),
    );
    expect(new Set(lanes.map((lane) => lane.worker)).size).toBe(DELIVERY_LANES);
    expect(lanes.every((lane) => lane.worker.isRunning())).toBe(true);
    expect(server.app.get(HooksConfig).HOOKS_CONCURRENCY).toBe(DEFAULT_HOOKS_CONCURRENCY);
    expect(lanes.map((lane) => lane.worker.concurrency)).toEqual([64, 64, 64, 64]);

    const ready = server.app.get(ReadinessRegistry).current();
    expect(ready.filter((check) => check.name === 'queue:hook-deliveries')).toHaveLength(1);
    const ping = await call<{ checks: Record<string, { status: string }> }>(
      server.baseUrl,
      'GET',
      '/ready',
    );
    expect(ping.body.checks['queue:hook-deliveries']?.status).toBe('up');
  });

  it('reads and records attempts in batches, each fenced on its own attempt number', async () => {
    const alice = await newHookUser(server.baseUrl);
    const hook = await subscribed(alice);
    receiver.answerWith(() => 200);
    const runs = await Promise.all([
      finishedRun(server.baseUrl, alice),
      finishedRun(server.baseUrl, alice),
    ]);
    const delivered = await waitForDeliveries(server.baseUrl, as(alice), hook.id, allDelivered(2));
    const [first, second] = delivered.map((each) => each.id);
    // Both back to pending, waiting for attempts 3 and 5 (due in an hour: no worker takes them).
    await db.query(
      `UPDATE hooks.deliveries SET state = 'pending', delivered_at = NULL,
              next_attempt_at = now() + interval '1 hour',
              attempt_number = CASE WHEN id = $1 THEN 3 ELSE 5 END
        WHERE id = ANY ($2::uuid[])`,
      [first, [first, second]],
    );
    const deliveries = server.app.get(DeliveryAttemptRepository);
    const settlements = server.app.get(DeliverySettlementRepository);
    const found = await deliveries.findAttempts([
      { deliveryId: first, attemptNumber: 3 },
      { deliveryId: second, attemptNumber: 4 },
      { deliveryId: second, attemptNumber: 5 },
      { deliveryId: first, attemptNumber: 3 },
    ]);
    expect([...found.keys()].sort()).toEqual([`${first}:3`, `${second}:5`].sort());
    expect(found.get(`${first}:3`)).toMatchObject({ deliveryId: first, attemptNumber: 3 });
    expect(runs).toContain(found.get(`${second}:5`)?.reportId);

    const attemptedAt = new Date();
    const recorded = await settlements.settleDelivered(db.manager, [
      { deliveryId: first, attemptNumber: 3, attemptedAt },
      { deliveryId: second, attemptNumber: 4, attemptedAt },
      { deliveryId: first, attemptNumber: 3, attemptedAt },
    ]);
    expect([...recorded]).toEqual([`${first}:3`]);
    const rows: { id: string; state: string; attempts: number }[] = await db.query(
      `SELECT id, state, attempts FROM hooks.deliveries WHERE id = ANY ($1::uuid[]) ORDER BY id`,
      [[first, second]],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(first)).toMatchObject({ state: 'delivered', attempts: 2 });
    expect(byId.get(second)).toMatchObject({ state: 'pending', attempts: 1 });
  });

  it('finds and fences attempts by primary key, however many deliveries are pending and whatever the statistics say', async () => {
    const alice = await newHookUser(server.baseUrl);
    const hook = await subscribed(alice);
    // Statistics taken while every delivery had settled, as autovacuum leaves them before a burst
    // of new pending rows: the planner then thinks none is pending, and the partial index of
    // pending rows (`deliveries_due_idx`) looks like the cheapest way to any pending row. It is a
    // read of every one of them, for each attempt.
    await db.query(
      `INSERT INTO hooks.deliveries (hook_id, report_id, state, delivered_at)
       SELECT $1, gen_random_uuid(), 'delivered', now() FROM generate_series(1, 3000)`,
      [hook.id],
    );
    await db.query(`VACUUM ANALYZE hooks.deliveries`);
    const backlog: { id: string; report_id: string }[] = await db.query(
      `INSERT INTO hooks.deliveries (hook_id, report_id, next_attempt_at)
       SELECT $1, gen_random_uuid(), now() + interval '1 hour' FROM generate_series(1, 1000)
       RETURNING id, report_id`,
      [hook.id],
    );
    // Every statement, the entity manager's included, goes through the data source's query();
    // a built one names the table quoted (`"hooks"."deliveries"`).
    const captured = captureStatements(db, (sql) => /hooks"?\."?deliveries/.test(sql));
    const deliveries = server.app.get(DeliveryAttemptRepository);
    const settlements = server.app.get(DeliverySettlementRepository);
    const fanouts = server.app.get(DeliveryFanoutRepository);
    const [a, b, c, d, e] = backlog;
    const attemptedAt = new Date();
    try {
      const found = await deliveries.findAttempts(
        [a, b].map((each) => ({ deliveryId: each.id, attemptNumber: 1 })),
      );
      expect(found.size).toBe(2);
      expect(
        await settlements.settleDelivered(db.manager, [
          { deliveryId: a.id, attemptNumber: 1, attemptedAt },
        ]),
      ).toEqual(new Set([`${a.id}:1`]));
      const retried = await settlements.settle(db.manager, b.id, 1, attemptedAt, {
        state: 'pending',
        failureReason: 'http_503',
        retryInSeconds: 3600,
      });
      expect(retried).toMatchObject({
        settled: true,
        next: { deliveryId: b.id, attemptNumber: 2 },
      });
      expect(
        await settlements.settle(db.manager, c.id, 1, attemptedAt, {
          state: 'failed',
          failureReason: 'http_400',
          networkAttempt: true,
        }),
      ).toEqual({ settled: true });
      expect(await settlements.cancelAttempt(db.manager, d.id, 1, 'hook_ended')).toBe(true);
      expect(await fanouts.pendingForReport(e.report_id, [hook.id])).toHaveLength(1);
      captured.stop();
      expect(captured.statements).toHaveLength(6);
      for (const statement of captured.statements) {
        const { sql } = statement;
        // How the statement reaches hooks.deliveries: by the ids or the report it names, no other way.
        const reads = await tableReads(db, statement, 'deliveries');
        const byKey = [
          expect.stringMatching(/Index Scan deliveries_(pkey|hook_id_report_id_key|report_idx)$/),
        ];
        expect({ sql, reads }).toEqual({ sql, reads: byKey });
        // A prepared statement may run on its generic plan: the same way in.
        if (preparedStatementName(sql)) {
          const generic = await genericPlanTableReads(db, statement, 'deliveries');
          expect({ sql, generic }).toEqual({ sql, generic: byKey });
        }
      }
      expect(captured.statements.filter(({ sql }) => preparedStatementName(sql))).toHaveLength(4);
    } finally {
      captured.stop();
      await db.query(`DELETE FROM hooks.deliveries WHERE hook_id = $1`, [hook.id]);
    }
  });

  it('reads receipts through their reports, however long the history of the reader’s hooks', async () => {
    const company = newCompany();
    const alice = await newHookUser(server.baseUrl, { company });
    const bob = await newHookUser(server.baseUrl, { company });
    const hook = await subscribed(alice);
    const bobsHook = await subscribed(bob);
    // Statistics taken while Alice's subscription had a few deliveries, then a long history: the
    // planner, asked only for receipts of Alice's hooks, may reach them through her hook's
    // deliveries (in the hooks benchmark it read 18,000 of them to find 64).
    const history = (hookId: string, deliveries: number) =>
      db.query(
        `INSERT INTO hooks.deliveries (hook_id, report_id, state, delivered_at)
         SELECT $1, gen_random_uuid(), 'delivered', now() FROM generate_series(1, $2::int)`,
        [hookId, deliveries],
      );
    await history(bobsHook.id, 5000);
    await history(hook.id, 20);
    await db.query(`ANALYZE hooks.deliveries`);
    await history(hook.id, 5000);
    const wanted: { report_id: string }[] = await db.query(
      `SELECT report_id FROM hooks.deliveries WHERE hook_id = $1 LIMIT 64`,
      [hook.id],
    );
    const reportIds = wanted.map((row) => row.report_id);
    await db.query(
      `INSERT INTO hooks.deliveries (hook_id, report_id, state, delivered_at)
       VALUES ($1, $2, 'delivered', now())`,
      [bobsHook.id, reportIds[0]],
    );
    const captured = captureStatements(db, (sql) => sql.includes('to_char(d.delivered_at'));
    try {
      const receipts = await server.app
        .get(DeliveryReceiptsRepository)
        .receiptsOf({ personId: alice.personId, companyId: alice.companyId }, reportIds);
      captured.stop();
      // Alice's own deliveries only: Bob's of the first report is not hers to see.
      expect([...receipts.keys()].sort()).toEqual([...reportIds].sort());
      expect(receipts.get(reportIds[0])).toEqual([
        expect.objectContaining({ hook_id: hook.id, state: 'delivered' }),
      ]);
      expect(captured.statements).toHaveLength(1);
      const byReport = [expect.stringMatching(/Index Scan deliveries_report_idx$/)];
      expect(await tableReads(db, captured.statements[0], 'deliveries')).toEqual(byReport);
      expect(preparedStatementName(captured.statements[0].sql)).toBeDefined();
      expect(await genericPlanTableReads(db, captured.statements[0], 'deliveries')).toEqual(
        byReport,
      );
    } finally {
      captured.stop();
      await db.query(`DELETE FROM hooks.deliveries WHERE hook_id = ANY($1::uuid[])`, [
        [hook.id, bobsHook.id],
      ]);
    }
  });

  it('reads many reports as their hooks’ owners at once: one report read per owner, the unreadable and the ended told apart', async () => {
    const company = newCompany();
    const alice = await newHookUser(server.baseUrl, { company });
    const carol = await newHookUser(server.baseUrl, { company });
    const outsider = await newHookUser(server.baseUrl);
    const hooks = await Promise.all([subscribed(alice), subscribed(carol), subscribed(outsider)]);
    const privateWorkflow = await designWorkflow(server.baseUrl, alice, { visibility: 'private' });
    const [shared, alone] = await Promise.all([
      finishedRun(server.baseUrl, alice),
      finishedRun(server.baseUrl, alice, privateWorkflow),
    ]);
    // Their deliveries settled first, so that only the reads below read reports.
    await waitForDeliveries(server.baseUrl, as(alice), hooks[0].id, allSettled(2));
    await waitForDeliveries(server.baseUrl, as(carol), hooks[1].id, allSettled(1));
    const principals: HookPrincipal[] = await db.query(
      `SELECT owner_id AS "ownerId", company_id AS "companyId",
              credential_kind AS "credentialKind", credential_id AS "credentialId"
         FROM hooks.hooks WHERE id = ANY ($1::uuid[])
        ORDER BY array_position($1::uuid[], id)`,
      [hooks.map((hook) => hook.id)],
    );
    const [ofAlice, ofCarol, ofOutsider] = principals;
    const revoked = { ...ofCarol, credentialId: '00000000-0000-4000-8000-000000000000' };

    const reads = server.app.get(OwnerReportReads);
    const reportsApi = server.app.get(WorkflowReportsApi);
    const reportReads = jest.spyOn(reportsApi, 'readableReports');
    try {
      const found = await reads.readAll([
        { hook: ofAlice, reportId: shared },
        { hook: ofCarol, reportId: shared },
        { hook: ofAlice, reportId: alone },
        { hook: ofCarol, reportId: alone },
        { hook: ofOutsider, reportId: shared },
        { hook: revoked, reportId: shared },
        { hook: ofAlice, reportId: shared },
      ]);
      const summary = found.map((each) => (each.kind === 'report' ? each.report.id : each.kind));
      expect(summary).toEqual([
        shared,
        shared,
        alone,
        'unreadable',
        'unreadable',
        'authority_ended',
        shared,
      ]);
      expect(reportReads.mock.calls.map(([reader, runIds]) => [reader.personId, runIds])).toEqual(
        expect.arrayContaining([
          [alice.personId, [shared, alone]],
          [carol.personId, [shared, alone]],
          [outsider.personId, [shared]],
        ]),
      );
      expect(reportReads).toHaveBeenCalledTimes(3);
      const asAlice = found[0].kind === 'report' ? found[0].report : null;
      const readThroughTheRoute = await call(server.baseUrl, 'GET', `/api/reports/${shared}`, {
        token: alice.token,
      });
      expect(asAlice).toEqual(readThroughTheRoute.body);
    } finally {
      reportReads.mockRestore();
    }
  });

  it('cancels pending deliveries and ends the hook when its key is revoked, sending nothing more', async () => {
    const alice = await newHookUser(server.baseUrl);
    const hook = await subscribed(alice);
    receiver.answerWith((request) => (request.headers['x-service-hook'] === hook.id ? 503 : 200));
    await finishedRun(server.baseUrl, alice);
    await receiver.waitFor(() => requestsFor(hook.id).length >= 1);
    const keys = await call<{ api_keys: { id: string }[] }>(
      server.baseUrl,
      'GET',
      '/api/auth/api-keys',
      {
        cookie: alice.cookie,
      },
    );
    await call(server.baseUrl, 'DELETE', `/api/auth/api-keys/${keys.body.api_keys[0].id}`, {
      cookie: alice.cookie,
    });
    const [cancelled] = await waitForDeliveries(
      server.baseUrl,
      { cookie: alice.cookie },
      hook.id,
      allSettled(1),
    );
    expect(cancelled).toMatchObject({ state: 'cancelled', failure_reason: 'hook_ended' });
    expect(await hookRow(hook.id)).toEqual({ state: 'ended', ended_reason: 'credential_ended' });
    const sent = requestsFor(hook.id).length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(requestsFor(hook.id)).toHaveLength(sent);
  });

  it('pages the delivery history with next_offset, and 404s a delivery of another hook', async () => {
    const alice = await newHookUser(server.baseUrl);
    const hook = await subscribed(alice);
    const other = await subscribed(alice, { statuses: ['failed'] });
    const workflowId = await designWorkflow(server.baseUrl, alice);
    for (let index = 0; index < 3; index += 1) await finishedRun(server.baseUrl, alice, workflowId);
    const all = await waitForDeliveries(server.baseUrl, as(alice), hook.id, allSettled(3));
    const first = await call<{ deliveries: Delivery[]; next_offset: number | null }>(
      server.baseUrl,
      'GET',
      `/api/report-hooks/${hook.id}/deliveries?limit=2`,
      as(alice),
    );
    expect(first.body.deliveries.map((each) => each.id)).toEqual(
      all.slice(0, 2).map((each) => each.id),
    );
    expect(first.body.next_offset).toBe(2);
    const last = await call<{ deliveries: Delivery[]; next_offset: number | null }>(
      server.baseUrl,
      'GET',
      `/api/report-hooks/${hook.id}/deliveries?limit=2&offset=2`,
      as(alice),
    );
    expect(last.body).toEqual({ deliveries: [all[2]], next_offset: null });
    const one = await call<Delivery>(
      server.baseUrl,
      'GET',
      `/api/report-hooks/${hook.id}/deliveries/${all[0].id}`,
      as(alice),
    );
    expect(one.body).toEqual(all[0]);
    const elsewhere = await call<Refusal>(
      server.baseUrl,
      'GET',
      `/api/report-hooks/${other.id}/deliveries/${all[0].id}`,
      as(alice),
    );
    expect(elsewhere.status).toBe(404);
    const tooMany = await call<Refusal>(
      server.baseUrl,
      'GET',
      `/api/report-hooks/${hook.id}/deliveries?limit=101`,
      as(alice),
    );
    expect(tooMany.status).toBe(400);
  });
});
