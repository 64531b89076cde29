import 'reflect-metadata';
import { cpus } from 'node:os';
import { DirectoryService } from '@cw/identity';
import { seededPerson } from '@cw/identity/testing';
import { withAdminContext } from '../admin/admin-context';
import { benchMain, type BenchContext } from './bench-context';
import { mintKeys } from './bench-fixtures';
import { percentile } from './bench-http';
import {
  type CpuSources,
  machineBusySeconds,
  postgresBackendsCpu,
  processCpuSeconds,
  selfCpuSeconds,
} from './cpu';
import { cpuTable, loadHeaders, loadRow, measure } from './load';
import { type BenchReport, type Check, fixed, say, table } from './report';
import { FEATURES, FEEDBACK_COMPANIES, FEEDBACK_REPORTS, seedFeedback } from './seed-feedback';

export const INBOX_CONNECTIONS = 8;
export const INBOX_P95_LIMIT_MS = 50;
export const IDS_LIMIT_MS = 300;
/** Every fourth seeded report is `new`. */
const IDS_QUERY = '/api/feedback/ids?status=new';
const IDS_EXPECTED = FEEDBACK_REPORTS / 4;
const IDS_REQUESTS = 20;
/** The operator: a person of company 2, none of the other benchmarks' actors. */
const OPERATOR = { company: 2, person: 1 };

/** A person of the wiki seed with a live `feedback.view` grant and an `operator:all` key. */
async function operatorKey(context: BenchContext): Promise<string> {
  const person = await seededPerson(context.pool, context.tag, OPERATOR.company, OPERATOR.person);
  await withAdminContext((admin) =>
    admin.get(DirectoryService).grantOperatorRequirement(person.personId, 'feedback.view'),
  );
  const [key] = await mintKeys(
    context.database.url,
    context.servers.redisUrl,
    [person],
    ['operator:all'],
  );
  return key;
}

async function timedGet(
  url: string,
  token: string,
): Promise<{ status: number; ms: number; total: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json().catch(() => ({}))) as { total?: number };
  return { status: response.status, ms: performance.now() - started, total: body.total ?? -1 };
}

/**
 * G: the feedback inbox at 200,000 reports over 50 companies. G1: `GET /api/feedback` with a
 * search term (a product area named in 1 of 200 reports, rotating) and two filters (status,
 * category) through the gateway with 8 connections, p95 of the 2xx latencies. G2: `GET
 * /api/feedback/ids` for a filter matching 50,000 reports, one request at a time, p95 of 20.
 */
export async function feedbackBench(context: BenchContext): Promise<BenchReport> {
  say(`seeding ${FEEDBACK_REPORTS} feedback reports over ${FEEDBACK_COMPANIES} companies`);
  const seed = await seedFeedback(context.pool);
  const token = await operatorKey(context);
  const base = context.timed.gatewayUrl;
  const probe = await timedGet(`${base}/api/feedback?limit=1`, token);
  const targets = {
    G1: `GET /api/feedback, search + 2 filters, ${INBOX_CONNECTIONS} clients: p95 < ${INBOX_P95_LIMIT_MS} ms`,
    G2: `GET /api/feedback/ids matching ${IDS_EXPECTED} reports < ${IDS_LIMIT_MS} ms`,
  };
  if (probe.status !== 200) {
    return {
      title: 'G: feedback inbox',
      tables: [],
      checks: Object.entries(targets).map(([id, target]) => ({
        id,
        target,
        measured: `route answered ${probe.status}`,
        pass: false,
      })),
      notes: ['GET /api/feedback is not available in this build'],
    };
  }

  const pid = (name: string) =>
    context.timed.system.processes.find((p) => p.name === name)?.child.pid;
  const cpu: CpuSources = {
    client: selfCpuSeconds,
    'api-gateway': () => processCpuSeconds(pid('api-gateway')),
    'feedback-intake': () => processCpuSeconds(pid('feedback-intake')),
    postgres: () => postgresBackendsCpu(context.database.name),
    machine: machineBusySeconds,
  };
  let next = 0;
  const listPath = (): string => {
    const feature = FEATURES[(next * 37) % FEATURES.length];
    next += 1;
    return `/api/feedback?search=${feature}&status=new,approved&category=bug`;
  };
  const sample = await timedGet(`${base}${listPath()}`, token);
  const list = await measure({
    label: 'gateway → inbox list',
    url: base,
    path: listPath,
    headers: { authorization: `Bearer ${token}` },
    connections: INBOX_CONNECTIONS,
    durationSeconds: context.options.duration,
    warmupSeconds: context.options.warmup,
    cpu,
  });

  const idsUrl = `${base}${IDS_QUERY}`;
  for (let warmup = 0; warmup < 2; warmup += 1) await timedGet(idsUrl, token);
  const idsRuns: { status: number; ms: number; total: number }[] = [];
  for (let run = 0; run < IDS_REQUESTS; run += 1) idsRuns.push(await timedGet(idsUrl, token));
  const idsTimes = idsRuns.map((run) => run.ms).sort((a, b) => a - b);
  const idsOk = idsRuns.every((run) => run.status === 200 && run.total === IDS_EXPECTED);
  const idsP95 = percentile(idsTimes, 0.95);
  const cpuRows = cpuTable([list], cpus().length);

  const checks: Check[] = [
    {
      id: 'G1',
      target: targets.G1,
      measured: `${fixed(list.p95)} ms`,
      pass: list.failed === 0 && list.p95 < INBOX_P95_LIMIT_MS,
    },
    {
      id: 'G2',
      target: targets.G2,
      measured: idsOk
        ? `p95 ${fixed(idsP95)} ms`
        : `answers were not 200 with total ${IDS_EXPECTED}`,
      pass: idsOk && idsP95 < IDS_LIMIT_MS,
    },
  ];
  return {
    title: `G: feedback inbox over ${seed.reports} reports`,
    tables: [
      table(loadHeaders, [loadRow(list)]),
      table(cpuRows.headers, cpuRows.rows),
      table(
        ['ids request', 'p50 ms', 'p95 ms', 'max ms', 'total'],
        [
          [
            IDS_QUERY,
            fixed(percentile(idsTimes, 0.5)),
            fixed(idsP95),
            fixed(idsTimes.at(-1)!),
            idsRuns[0].total,
          ],
        ],
      ),
    ],
    checks,
    notes: [
      seed.seconds > 0
        ? `seeded ${seed.reports} reports in ${fixed(seed.seconds)} s (one INSERT … SELECT over generate_series, then ANALYZE)`
        : `reused ${seed.reports} seeded reports`,
      `list requests rotate ${FEATURES.length} search terms, each in 1 of ${FEATURES.length} reports; a sample matched ${sample.total} reports`,
    ],
  };
}

if (require.main === module) benchMain(feedbackBench);
