import { call, type TestApp } from '@cw/testing';
import { DataSource } from 'typeorm';
import {
  finishedRun,
  newHookUser,
  type Refusal,
  registerCallback,
  subscribe,
} from './hooks-fixtures';
import { startHooksTestApp } from './hooks-test-app';

jest.setTimeout(60_000);

const SUBSCRIPTIONS = 4;
const CALLBACKS = 3;
const TARGET = 'https://receiver.example/hooks/limits';

describe('what one person may hold in hooks (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;
  let db: DataSource;

  const liveHooks = async (ownerId: string, kind: string): Promise<number> => {
    const [{ n }]: { n: number }[] = await db.query(
      `SELECT count(*)::int AS n FROM hooks.hooks WHERE owner_id = $1 AND kind = $2 AND state = 'live'`,
      [ownerId, kind],
    );
    return n;
  };

  beforeAll(async () => {
    server = await startHooksTestApp({
      env: {
        HOOKS_WORKER: 'off',
        HOOKS_SUBSCRIPTIONS_PER_PERSON: String(SUBSCRIPTIONS),
        HOOKS_CALLBACKS_PER_REPORT: String(CALLBACKS),
      },
      resolve: () => Promise.resolve([{ address: '93.184.216.34', family: 4 }]),
    });
    db = server.app.get(DataSource);
  });
  afterAll(() => server.close());

  it('admits exactly HOOKS_SUBSCRIPTIONS_PER_PERSON of many parallel subscriptions; the rest 409 HOOK_LIMIT_REACHED', async () => {
    const alice = await newHookUser(server.baseUrl);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        subscribe(server.baseUrl, alice.token, { target_url: TARGET }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(SUBSCRIPTIONS);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(12 - SUBSCRIPTIONS);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect((answer.body as Refusal).error).toMatchObject({
        code: 'HOOK_LIMIT_REACHED',
        details: { kind: 'subscription', limit: SUBSCRIPTIONS },
      });
    }
    expect(await liveHooks(alice.personId, 'subscription')).toBe(SUBSCRIPTIONS);

    // Another person is not counted against, and deleting one frees its place.
    const bob = await newHookUser(server.baseUrl);
    expect((await subscribe(server.baseUrl, bob.token, { target_url: TARGET })).status).toBe(201);
    const first = answers.find((answer) => answer.status === 201)!.body;
    await call(server.baseUrl, 'DELETE', `/api/report-hooks/${first.id}`, { token: alice.token });
    expect((await subscribe(server.baseUrl, alice.token, { target_url: TARGET })).status).toBe(201);
    expect((await subscribe(server.baseUrl, alice.token, { target_url: TARGET })).status).toBe(409);
  });

  it('admits exactly HOOKS_CALLBACKS_PER_REPORT parallel callbacks on one report; another report has its own', async () => {
    const alice = await newHookUser(server.baseUrl);
    const [one, two] = [
      await finishedRun(server.baseUrl, alice),
      await finishedRun(server.baseUrl, alice),
    ];
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => registerCallback(server.baseUrl, alice.token, one, TARGET)),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(CALLBACKS);
    for (const answer of answers.filter((each) => each.status !== 201)) {
      expect(answer.status).toBe(409);
      expect((answer.body as Refusal).error).toMatchObject({
        code: 'HOOK_LIMIT_REACHED',
        details: { kind: 'callback', limit: CALLBACKS },
      });
    }
    expect(await liveHooks(alice.personId, 'callback')).toBe(CALLBACKS);
    expect((await registerCallback(server.baseUrl, alice.token, two, TARGET)).status).toBe(201);
  });
});
