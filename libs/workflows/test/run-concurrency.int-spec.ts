import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, signInTestPerson, type SignedInTestPerson, type TestApp } from '@cw/testing';
import { DataSource } from 'typeorm';
import type { RunView } from '../src/reports/report';
import { createTestWorkflow } from './runs-fixtures';
import { startWorkflowsTestApp } from './workflows-test-app';

jest.setTimeout(120_000);

const company = (): string => `Lanes Co ${randomBytes(3).toString('hex')}`;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * An OpenAI-compatible chat-completions server on loopback that answers slowly: a prompt
 * `hold` waits until `release()`, a prompt `slow` 2 s, any other at once. It counts the
 * requests of each prompt it holds (and their peak) and records the order prompts arrived in.
 */
class SlowModelProvider {
  readonly arrivals: string[] = [];
  readonly inFlight = new Map<string, number>();
  readonly peak = new Map<string, number>();
  private server?: Server;
  private held: (() => void)[] = [];

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void bodyOf(request).then(async (text) => {
        const body = JSON.parse(text) as { messages: { role: string; content: string }[] };
        const prompt = body.messages.at(-1)?.content ?? '';
        this.arrivals.push(prompt);
        const holding = (this.inFlight.get(prompt) ?? 0) + 1;
        this.inFlight.set(prompt, holding);
        this.peak.set(prompt, Math.max(this.peak.get(prompt) ?? 0, holding));
        if (prompt === 'hold') await new Promise<void>((resolve) => this.held.push(resolve));
        else if (prompt === 'slow') await sleep(2_000);
        this.inFlight.set(prompt, this.inFlight.get(prompt)! - 1);
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'cmpl-1',
            object: 'chat.completion',
            created: 0,
            model: 'writer-1',
            choices: [
              { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'ok' } },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  release(): void {
    for (const resolve of this.held.splice(0)) resolve();
  }

  async stop(): Promise<void> {
    this.release();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

describe('runs waiting on I/O, many at once and fair across companies (one process)', () => {
  let server: TestApp;
  const model = new SlowModelProvider();

  beforeAll(async () => {
    server = await startWorkflowsTestApp({
      env: {
        RUNS_WORKER: 'on',
        RUNS_HOURLY_START_LIMIT: '100000',
        RUNS_PER_COMPANY_CONCURRENCY: '50',
        DB_POOL_SIZE: '5',
        MODEL_PROVIDER_URL: await model.start(),
        MODEL_NAME: 'writer-1',
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await model.stop();
  });

  /** Starts `count` runs of a one-step workflow whose model step sends `prompt`. */
  async function startRuns(person: SignedInTestPerson, prompt: string, count: number) {
    const workflow = await createTestWorkflow(server, person, {
      definition: {
        steps: [{ id: 'ask', block: 'model.generate', prompt }],
        deliverables: [],
        budget: {},
      },
    });
    const ids: string[] = [];
    for (let from = 0; from < count; from += 25) {
      const batch = Array.from({ length: Math.min(25, count - from) }, () =>
        call<{ run_id: string }>(server.baseUrl, 'POST', `/api/workflows/${workflow.id}/run`, {
          cookie: person.cookie,
          body: { inputs: { topic: 'pricing' } },
        }),
      );
      for (const started of await Promise.all(batch)) {
        expect(started.status).toBe(201);
        ids.push(started.body.run_id);
      }
    }
    return ids;
  }

  async function until(what: string, done: () => Promise<boolean> | boolean, ms = 60_000) {
    const deadline = Date.now() + ms;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await sleep(50);
    }
  }

  const completedOf = async (ids: string[]): Promise<number> => {
    const [row] = await server.app
      .get(DataSource)
      .query<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM workflows.runs WHERE id = ANY($1) AND status = 'completed'`,
        [ids],
      );
    return row.count;
  };

  it('runs 40 model steps at once beside a pool of 5, and a route answers meanwhile', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const ids = await startRuns(person, 'hold', 40);
    await until('all 40 model calls are held at once', () => model.inFlight.get('hold') === 40);

    const asked = Date.now();
    const viewed = await call<RunView>(server.baseUrl, 'GET', `/api/workflows/runs/${ids[0]}`, {
      cookie: person.cookie,
    });
    expect(viewed.status).toBe(200);
    expect(viewed.body.status).toBe('running');
    expect(Date.now() - asked).toBeLessThan(1_000);

    model.release();
    await until('all 40 runs completed', async () => (await completedOf(ids)) === 40);
  });

  it("runs another company's run while one company's burst of 300 waits its turn", async () => {
    const burst = await signInTestPerson(server.baseUrl, { company: company() });
    const other = await signInTestPerson(server.baseUrl, { company: company() });
    model.arrivals.length = 0;
    const burstIds = await startRuns(burst, 'slow', 300);

    const startedAt = Date.now();
    const [otherId] = await startRuns(other, 'quick', 1);
    await until(
      'the other company run completed',
      async () => (await completedOf([otherId])) === 1,
    );
    const tookMs = Date.now() - startedAt;

    // Its model call came before most of the burst's: it did not queue behind the burst.
    const turn = model.arrivals.indexOf('quick');
    expect(turn).toBeGreaterThan(-1);
    expect(turn).toBeLessThan(150);
    expect(tookMs).toBeLessThan(3_000);
    expect(await completedOf(burstIds)).toBeLessThan(300);

    await until('the burst completed', async () => (await completedOf(burstIds)) === 300, 90_000);
    // The burst reached its company's share of the engine and never held more.
    expect(model.peak.get('slow')).toBe(50);
  });
});
