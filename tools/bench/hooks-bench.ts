import 'reflect-metadata';
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { cpus } from 'node:os';
import type { AddressInfo } from 'node:net';
import { DEFAULT_HOOKS_CONCURRENCY } from '@cw/hooks/testing';
import { seededPerson } from '@cw/identity/testing';
import { QueueName } from '@cw/queue';
import { Queue } from 'bullmq';
import { Pool as HttpPool } from 'undici';
import { benchMain, type BenchContext } from './bench-context';
import { mintKeys } from './bench-fixtures';
import { benchCall, percentile } from './bench-http';
import { localRedisPid } from './bench-redis';
import { sleep } from './bench-system';
import {
  machineBusySeconds,
  postgresBackendsCpu,
  processCpuSeconds,
  selfCpuSeconds,
  startCpuMeter,
} from './cpu';
import { cpuTable } from './load';
import { type BenchReport, type Check, fixed, percent, ratioCheck, say, table } from './report';
import { allowBenchStarts, COMPOSE, createWorkflow } from './workflow-bench';

/** The person of company 1 who owns the hook and starts the runs (not one of the wiki actors). */
const HOOK_PERSON = 21;
const H1_DELIVERIES = 1000;
const H1_MIN_RATIO = 0.3;
/** H1 is the median of this many pairs of one measured round and the raw loops right after it. */
const H1_PAIRS = 5;
const H2_RUNS = 50;
const H2_MAX_P50_MS = 50;
/** The hook-dispatcher's default HOOKS_CONCURRENCY: the raw loop sends as many at once. */
const SEND_CONCURRENCY = DEFAULT_HOOKS_CONCURRENCY;
/**
 * The raw loop is also run this many at once (the dispatcher's old default), and H1 compares with
 * whichever of the two loops was faster: more connections at once make the raw loop slower.
 */
const REFERENCE_CONCURRENCY = 32;
const START_CLIENTS = 16;
const WAIT_TIMEOUT_MS = 180_000;

interface HeldRound {
  seconds: number;
  cpu: Record<string, number | null>;
}

interface H1Pair extends HeldRound {
  systemRate: number;
  /** Raw POSTs/s at SEND_CONCURRENCY and at REFERENCE_CONCURRENCY at once. */
  raw: number;
  reference: number;
  /** The delivery rate over the faster raw loop's. */
  ratio: number;
}

interface Receipt {
  at: number;
  body: Buffer;
  /** Parsed on first use (H2 only): the receiver does the same work for both kinds of POST. */
  report?: { id: string; completed_at: string | null };
}

/**
 * A receiver on loopback that answers 200 at once and remembers the first receipt of each
 * `X-Service-Delivery`, and when. Hook deliveries and the raw loop's POSTs get the same
 * treatment (read, remember, answer); only their books differ.
 */
class BenchReceiver {
  readonly receipts = new Map<string, Receipt>();
  readonly rawReceipts = new Map<string, Receipt>();
  private readonly server: Server;
  /** Who waits for `receipts` to hold a number of deliveries (a measured round's end). */
  private awaited: { size: number; reached: () => void } | null = null;

  private constructor() {
    this.server = createServer((request, response) => {
      void readBody(request).then((body) => {
        const at = Date.now();
        const deliveryId = String(request.headers['x-service-delivery'] ?? '');
        const book = request.url === '/raw' ? this.rawReceipts : this.receipts;
        if (deliveryId && !book.has(deliveryId)) book.set(deliveryId, { at, body });
        if (this.awaited && this.receipts.size >= this.awaited.size) this.awaited.reached();
        response.writeHead(200).end();
      });
    });
  }

  static async start(): Promise<BenchReceiver> {
    const receiver = new BenchReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /**
   * Resolves on the receipt that brings `receipts` to `size` deliveries: a round ends at its last
   * receipt, not at the next poll after it (as the raw loop ends at its last answer).
   */
  receiptsReach(size: number): Promise<void> {
    if (this.receipts.size >= size) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timeout = setTimeout(() => {
        this.awaited = null;
        reject(new Error(`${size} receipts: not within ${WAIT_TIMEOUT_MS / 1000} s`));
      }, WAIT_TIMEOUT_MS);
      this.awaited = {
        size,
        reached: () => {
          clearTimeout(timeout);
          this.awaited = null;
          resolve();
        },
      };
    });
  }

  /** The first receipt of the report `reportId`, with the report it carried. */
  receiptOf(reportId: string): Required<Receipt> | undefined {
    for (const receipt of this.receipts.values()) {
      receipt.report ??= JSON.parse(receipt.body.toString('utf8')) as Receipt['report'];
      if (receipt.report?.id === reportId) return receipt as Required<Receipt>;
    }
    return undefined;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function until(
  what: string,
  condition: () => boolean | Promise<boolean>,
  pollMs = 2,
): Promise<void> {
  const deadline = Date.now() + WAIT_TIMEOUT_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${WAIT_TIMEOUT_MS / 1000} s`);
    await sleep(pollMs);
  }
}

async function startRuns(
  http: HttpPool,
  key: string,
  workflowId: string,
  count: number,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: START_CLIENTS }, async () => {
      while (next < count) {
        next += 1;
        const answer = await benchCall(http, 'POST', `/api/workflows/${workflowId}/run`, key, {
          inputs: { topic: `hook bench ${next}` },
        });
        if (answer.status !== 201) throw new Error(`start: ${answer.status}`);
      }
    }),
  );
}

/** The raw baseline: signed POSTs of a report-sized body, `concurrency` at once. */
async function rawSignedLoop(
  receiver: BenchReceiver,
  body: Buffer,
  concurrency: number,
): Promise<number> {
  const http = new HttpPool(receiver.url, { connections: concurrency });
  const secret = randomUUID().replace(/-/g, '').repeat(2);
  const hookId = randomUUID();
  const keyId = randomUUID();
  receiver.rawReceipts.clear();
  let next = 0;
  const started = process.hrtime.bigint();
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < H1_DELIVERIES) {
          next += 1;
          const deliveryId = randomUUID();
          const timestamp = Math.floor(Date.now() / 1000);
          const mac = createHmac('sha256', Buffer.from(secret, 'utf8'));
          mac.update(`v1.${timestamp}.${deliveryId}.${hookId}.${keyId}.`);
          mac.update(body);
          const response = await http.request({
            method: 'POST',
            path: '/raw',
            headers: {
              'content-type': 'application/json',
              'x-service-delivery': deliveryId,
              'x-service-hook': hookId,
              'x-service-key-id': keyId,
              'x-service-timestamp': String(timestamp),
              'x-service-signature': `v1=${mac.digest('hex')}`,
            },
            body,
          });
          await response.body.dump();
        }
      }),
    );
  } finally {
    await http.close();
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (receiver.rawReceipts.size !== H1_DELIVERIES) throw new Error('raw loop: receipts missing');
  return H1_DELIVERIES / seconds;
}

/**
 * H1 and H2 of the report hooks issue. H1: H1_DELIVERIES deliveries wait in the paused delivery
 * queue (their runs finished, their rows and jobs exist), the queue resumes, and the time until
 * the receiver holds every one gives the rate, against a raw signed undici POST loop to the same
 * receiver. Both sides are measured warm, as every other bench is: a round of each runs first.
 * H2: runs one at a time, from the report's completed_at to the receipt.
 */
export async function hooksBench(context: BenchContext): Promise<BenchReport> {
  const person = await seededPerson(context.pool, context.tag, 1, HOOK_PERSON);
  const [key] = await mintKeys(
    context.database.url,
    context.servers.redisUrl,
    [person],
    ['workflows:write', 'workflows:run'],
  );
  const http = new HttpPool(context.timed.gatewayUrl, { connections: START_CLIENTS });
  const receiver = await BenchReceiver.start();
  const deliveries = new Queue(QueueName.HookDeliveries, {
    connection: { url: context.servers.redisUrl },
    prefix: `cwbench-${process.pid}`,
  });
  try {
    const workflowId = (await createWorkflow(http, key, `Hook bench ${Date.now()}`, [COMPOSE])).id;
    const hook = await benchCall(http, 'POST', '/api/report-hooks', key, {
      target_url: `${receiver.url}/hooks`,
      workflow_public_id: workflowId,
    });
    if (hook.status !== 201) throw new Error(`hook: ${hook.status} ${JSON.stringify(hook.body)}`);

    say(`H2: ${H2_RUNS} runs one at a time, completed_at → receipt`);
    const latencies: number[] = [];
    for (let run = 1; run <= H2_RUNS; run += 1) {
      const answer = await benchCall(http, 'POST', `/api/workflows/${workflowId}/run`, key, {
        inputs: { topic: `latency ${run}` },
      });
      if (answer.status !== 201) throw new Error(`start: ${answer.status}`);
      const runId = String(answer.body.run_id);
      await until(`delivery of run ${runId}`, () => receiver.receiptOf(runId) !== undefined, 1);
      const receipt = receiver.receiptOf(runId)!;
      latencies.push(receipt.at - Date.parse(receipt.report.completed_at ?? ''));
    }
    latencies.sort((a, b) => a - b);

    const pid = (name: string) =>
      context.timed.system.processes.find((p) => p.name === name)?.child.pid;
    const redisPid = await localRedisPid(context.servers.redisUrl);
    /** H1_DELIVERIES runs finish while the queue is paused; the round counts from the resume. */
    const heldRound = async (): Promise<HeldRound> => {
      const delivered = receiver.receipts.size;
      await deliveries.pause();
      await startRuns(http, key, workflowId, H1_DELIVERIES);
      await until(
        'deliveries queued',
        async () => {
          const counts = await deliveries.getJobCounts('wait', 'paused', 'prioritized');
          return (
            (counts.wait ?? 0) + (counts.paused ?? 0) + (counts.prioritized ?? 0) >= H1_DELIVERIES
          );
        },
        100,
      );
      const stopMeter = startCpuMeter({
        'bench + receiver': selfCpuSeconds,
        'hook-dispatcher': () => processCpuSeconds(pid('hook-dispatcher')),
        postgres: () => postgresBackendsCpu(context.database.name),
        redis: () => processCpuSeconds(redisPid),
        machine: machineBusySeconds,
      });
      const released = process.hrtime.bigint();
      await deliveries.resume();
      await receiver.receiptsReach(delivered + H1_DELIVERIES);
      const seconds = Number(process.hrtime.bigint() - released) / 1e9;
      return { seconds, cpu: stopMeter() };
    };
    // Warm-up as every bench has one: rounds until the dispatcher has delivered for `--warmup`
    // seconds (one round of 1,000 left it compiling and growing its heap in the measured one).
    say(`H1: warm-up, rounds of ${H1_DELIVERIES} deliveries for ${context.options.warmup} s`);
    for (let warmed = 0; warmed < context.options.warmup;) warmed += (await heldRound()).seconds;
    // The body the dispatcher sent last; the loop warms up for as long as the dispatcher did.
    const reportBody = [...receiver.receipts.values()].at(-1)!.body;
    const rawLoops = async (): Promise<{ raw: number; reference: number }> => ({
      raw: await rawSignedLoop(receiver, reportBody, SEND_CONCURRENCY),
      reference: await rawSignedLoop(receiver, reportBody, REFERENCE_CONCURRENCY),
    });
    for (let warmed = 0; warmed < context.options.warmup;) {
      const { raw, reference } = await rawLoops();
      warmed += H1_DELIVERIES / raw + H1_DELIVERIES / reference;
    }
    say(
      `H1: ${H1_PAIRS} pairs of a measured round of ${H1_DELIVERIES} deliveries and the raw loops right after it`,
    );
    const pairs: H1Pair[] = [];
    for (let pair = 1; pair <= H1_PAIRS; pair += 1) {
      const round = await heldRound();
      const { raw, reference } = await rawLoops();
      const systemRate = H1_DELIVERIES / round.seconds;
      pairs.push({
        ...round,
        systemRate,
        raw,
        reference,
        ratio: systemRate / Math.max(raw, reference),
      });
    }
    const medianPair = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(H1_PAIRS / 2)];
    const h1CpuTable = cpuTable(
      pairs.map((pair, index) => ({
        label: `H1 pair ${index + 1}: ${H1_DELIVERIES} deliveries`,
        connections: SEND_CONCURRENCY,
        seconds: pair.seconds,
        ok: H1_DELIVERIES,
        failed: 0,
        rps: pair.systemRate,
        p50: Number.NaN,
        p95: Number.NaN,
        p99: Number.NaN,
        max: Number.NaN,
        cpu: pair.cpu,
      })),
      cpus().length,
    );

    const checks: Check[] = [
      ratioCheck(
        'H1',
        `hook deliveries/s / raw signed POST loop (median of ${H1_PAIRS} pairs)`,
        medianPair.ratio,
        H1_MIN_RATIO,
      ),
      {
        id: 'H2',
        target: `report completed → receiver receipt p50 < ${H2_MAX_P50_MS} ms (p99 reported)`,
        measured: `p50 ${fixed(percentile(latencies, 0.5), 0)} ms, p99 ${fixed(percentile(latencies, 0.99), 0)} ms`,
        pass: percentile(latencies, 0.5) < H2_MAX_P50_MS,
      },
    ];
    return {
      title: 'H: report hook deliveries',
      tables: [
        table(h1CpuTable.headers, h1CpuTable.rows),
        table(
          ['measure', 'value'],
          [
            ...pairs.map((pair, index) => [
              `H1 pair ${index + 1}: deliveries/s (released → last receipt) / raw signed undici POSTs/s, ${SEND_CONCURRENCY} and ${REFERENCE_CONCURRENCY} at once (same receiver, same body) → ratio to the faster`,
              `${fixed(pair.systemRate)} / ${fixed(pair.raw)} and ${fixed(pair.reference)} → ${percent(pair.ratio)}`,
            ]),
            [`H1 ratio (the median pair)`, percent(medianPair.ratio)],
            [
              'H2 completed → receipt p50 / p90 / p99 / max',
              [0.5, 0.9, 0.99, 1]
                .map((fraction) => `${fixed(percentile(latencies, fraction), 0)} ms`)
                .join(' / '),
            ],
          ],
        ),
      ],
      checks,
      notes: [
        `H1: one subscription; ${H1_DELIVERIES} runs finish while the hook-deliveries queue is paused (their delivery rows and first-attempt jobs exist), then the queue resumes; the rate counts from the resume to the last receipt. The baseline sends ${H1_DELIVERIES} POSTs of the same report body with the same five headers and an HMAC-SHA256 signature each, ${SEND_CONCURRENCY} at once (the dispatcher's HOOKS_CONCURRENCY) and ${REFERENCE_CONCURRENCY} at once, on one undici pool. Both warm up (unmeasured) for ${context.options.warmup} s (--warmup) each; then ${H1_PAIRS} pairs, each a measured round followed at once by both raw loops, give a ratio each (to the faster loop), and H1 is the median pair's: the machine's speed drifts by more than a tenth within a run, and a pair measures both sides in the same second or two. The receiver, in the bench process, reads each POST, remembers the first of each X-Service-Delivery and answers 200 at once, the same for both. CPU per delivery: the bench process (with the receiver), the dispatcher, the database's backends, and the Redis server when it runs on this machine (BullMQ's scripts: a job's fetch and finish)`,
        'H2: one run at a time; latency = the receipt time at the receiver − the report’s completed_at (the database’s clock, same machine): relay wake-up, report-events consumer, fan-out, delivery job, report rebuild, signing, POST',
        'the hook-dispatcher runs with NODE_ENV=test and HOOKS_ALLOW_LOOPBACK_FOR_TESTS=true (a loopback receiver), the other processes as in production',
      ],
    };
  } finally {
    await deliveries.resume().catch(() => undefined);
    await deliveries.close();
    await receiver.close();
    await http.close();
  }
}

if (require.main === module)
  benchMain(hooksBench, () => {
    allowBenchStarts();
    return Promise.resolve();
  });
