import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { call, type SignedInTestPerson, signInTestPerson, type TestApp } from '@cw/testing';
import { DataSource } from 'typeorm';
import { startWorkflowsTestApp } from './workflows-test-app';

jest.setTimeout(60_000);

const LIMIT = 2;

interface Body {
  operation_id: string;
  status: string;
  error: { code: string; message: string; details: Record<string, unknown> };
}

/**
 * A chat-completions server on loopback that holds every request until `release`, then answers
 * each with an empty plan's clarification question: compositions stay under way meanwhile.
 */
class HeldModelProvider {
  private readonly held: ServerResponse[] = [];
  private released = false;
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      request.resume();
      request.on('end', () => (this.released ? this.reply(response) : this.held.push(response)));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  get waiting(): number {
    return this.held.length;
  }

  release(): void {
    this.released = true;
    for (const response of this.held.splice(0)) this.reply(response);
  }

  private reply(response: ServerResponse): void {
    const call = { name: 'ask_clarification', arguments: '{"questions":["Which topic?"]}' };
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-held',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: 'planner-1',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [{ id: 'call_1', type: 'function', function: call }],
            },
            finish_reason: 'tool_calls',
          },
        ],
      }),
    );
  }

  async stop(): Promise<void> {
    this.release();
    const server = this.server;
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

describe('compositions one person may have under way (one process, real PostgreSQL)', () => {
  const model = new HeldModelProvider();
  let server: TestApp;
  let db: DataSource;

  const design = (person: SignedInTestPerson, body: Record<string, unknown>) =>
    call<Body>(server.baseUrl, 'POST', '/api/workflows/blocks/design', {
      cookie: person.cookie,
      body,
    });
  const job = (authoringRequestId = randomUUID()) => ({
    job: 'A digest of the pages about a topic',
    authoring_request_id: authoringRequestId,
  });
  const composing = async (personId: string): Promise<number> => {
    const [{ n }]: { n: number }[] = await db.query(
      `SELECT count(*)::int AS n FROM workflows.authoring_operations
        WHERE person_id = $1 AND status = 'composing'`,
      [personId],
    );
    return n;
  };

  beforeAll(async () => {
    const url = await model.start();
    server = await startWorkflowsTestApp({
      env: {
        MODEL_PROVIDER_URL: url,
        MODEL_NAME: 'planner-1',
        AUTHORING_COMPOSING_PER_PERSON: String(LIMIT),
      },
    });
    db = server.app.get(DataSource);
  });
  afterAll(async () => {
    await model.stop();
    await server.close();
  });

  it('admits exactly AUTHORING_COMPOSING_PER_PERSON of many parallel compositions; the rest 429 RATE_LIMITED with Retry-After, saving nothing', async () => {
    const alice = await signInTestPerson(server.baseUrl, { company: `Held ${randomUUID()}` });
    const bodies = Array.from({ length: 8 }, () => job());
    const answers = await Promise.all(bodies.map((body) => design(alice, body)));

    const accepted = answers.filter((answer) => answer.status === 202);
    expect(accepted).toHaveLength(LIMIT);
    const refused = answers.filter((answer) => answer.status !== 202);
    expect(refused).toHaveLength(8 - LIMIT);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.body.error).toMatchObject({
        code: 'RATE_LIMITED',
        details: { limit: LIMIT, retry_after_seconds: expect.any(Number) as number },
      });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(await composing(alice.personId)).toBe(LIMIT);
    const [{ n: stored }]: { n: number }[] = await db.query(
      `SELECT count(*)::int AS n FROM workflows.authoring_operations WHERE person_id = $1`,
      [alice.personId],
    );
    expect(stored).toBe(LIMIT);

    // A retry of one under way answers that operation, and another person has a place of their own.
    const first = bodies[answers.indexOf(accepted[0])];
    const retried = await design(alice, first);
    expect(retried.status).toBe(202);
    expect(retried.body.operation_id).toBe(accepted[0].body.operation_id);
    const bob = await signInTestPerson(server.baseUrl, { company: `Held ${randomUUID()}` });
    expect((await design(bob, job())).status).toBe(202);

    // Once the compositions end, their places are free again.
    while (model.waiting < LIMIT + 1) await sleep(20);
    model.release();
    while ((await composing(alice.personId)) > 0) await sleep(50);
    expect((await design(alice, job())).status).toBe(202);
  });
});
