import 'reflect-metadata';
import { countVisiblePages, pagesMatchingEachWord, searchStatement } from '@cw/wiki/testing';
import { benchMain, type BenchContext } from './bench-context';
import { cpus } from 'node:os';
import {
  type CpuSources,
  machineBusySeconds,
  postgresBackendsCpu,
  processCpuSeconds,
  selfCpuSeconds,
} from './cpu';
import { cpuTable, loadHeaders, loadRow, measure } from './load';
import { type BenchReport, type Check, fixed, table } from './report';
import { QUERY_WORDS } from './seed-words';

export const SEARCH_CONNECTIONS = 16;
export const SEARCH_P95_LIMIT_MS = 50;
const LIMIT = 10;

/** Index names in a text plan (Index Scan using x, Bitmap Index Scan on x, ...). */
export function planIndexes(plan: readonly string[]): string[] {
  const names = new Set<string>();
  for (const line of plan) {
    const match = /Index(?: Only)? Scan(?: Backward)? (?:using|on) (\S+)/.exec(line);
    if (match) names.add(match[1]);
  }
  return [...names];
}

async function searchOnce(
  context: BenchContext,
  word: string,
): Promise<{ status: number; ids: number[] }> {
  const response = await fetch(
    `${context.timed.gatewayUrl}/api/wiki/search?q=${encodeURIComponent(word)}&limit=${LIMIT}`,
    { headers: { authorization: `Bearer ${context.keys[0]}` } },
  );
  const body = (await response.json().catch(() => ({}))) as { results?: { page_id: number }[] };
  return { status: response.status, ids: (body.results ?? []).map((hit) => hit.page_id) };
}

/**
 * E: GET /api/wiki/search through the gateway with 16 connections, each request the next word of
 * QUERY_WORDS; p95 of the 2xx latencies. Then EXPLAIN (ANALYZE, BUFFERS) of the search SQL for
 * the most common and the rarest query word, and the indexes the plans use.
 */
export async function searchBench(context: BenchContext): Promise<BenchReport> {
  const actor = context.actors[0];
  const probe = await searchOnce(context, QUERY_WORDS[0]);
  if (probe.status !== 200) {
    return {
      title: 'E: search',
      tables: [],
      checks: [
        {
          id: 'E1',
          target: `p95 < ${SEARCH_P95_LIMIT_MS} ms, ${SEARCH_CONNECTIONS} clients`,
          measured: `route answered ${probe.status}`,
          pass: false,
        },
      ],
      notes: ['GET /api/wiki/search is not available in this build'],
    };
  }

  const pid = (name: string) =>
    context.timed.system.processes.find((p) => p.name === name)?.child.pid;
  const cpu: CpuSources = {
    client: selfCpuSeconds,
    'api-gateway': () => processCpuSeconds(pid('api-gateway')),
    'wiki-service': () => processCpuSeconds(pid('wiki-service')),
    postgres: () => postgresBackendsCpu(context.database.name),
    machine: machineBusySeconds,
  };
  let next = 0;
  const nextPath = (): string => {
    const word = QUERY_WORDS[next % QUERY_WORDS.length];
    next += 1;
    return `/api/wiki/search?q=${word}&limit=${LIMIT}`;
  };
  const result = await measure({
    label: 'gateway → search',
    url: context.timed.gatewayUrl,
    path: nextPath,
    headers: { authorization: `Bearer ${context.keys[0]}` },
    connections: SEARCH_CONNECTIONS,
    durationSeconds: context.options.duration,
    warmupSeconds: context.options.warmup,
    cpu,
  });
  // Information: one connection, so that the latency is the service time without queueing.
  const single = await measure({
    label: 'gateway → search, 1 connection',
    url: context.timed.gatewayUrl,
    path: nextPath,
    headers: { authorization: `Bearer ${context.keys[0]}` },
    connections: 1,
    durationSeconds: Math.max(2, context.options.duration / 2),
    warmupSeconds: 0,
    cpu,
  });
  const cpuRows = cpuTable([result, single], cpus().length);

  const frequencies = await pagesMatchingEachWord(context.pool, actor.companyId, QUERY_WORDS);
  frequencies.sort((a, b) => b.pages - a.pages);
  const explained: string[] = [];
  const notes: string[] = [
    `${QUERY_WORDS.length} query words rotating per request; limit ${LIMIT}; reader sees ${await countVisiblePages(context.pool, actor)} live pages of ${context.pages}`,
    'the target is the first row: 16 connections each sending its next request as soon as the last is answered (closed loop), so the mean latency is 16 / throughput; the 1-connection row (information) shows the time of one search without queueing',
  ];
  const indexes = new Set<string>();
  for (const { word, pages } of [frequencies[0], frequencies.at(-1)!]) {
    // The statement the service sends the first time it sees the word.
    const { sql, params } = await searchStatement(context.pool, actor, word, {
      limit: LIMIT,
      offset: 0,
    });
    const route = await searchOnce(context, word);
    const direct = await context.pool.query<{ id: string }>(sql, params);
    const directIds = direct.rows.slice(0, LIMIT).map((row) => Number(row.id));
    if (JSON.stringify(directIds) !== JSON.stringify(route.ids))
      notes.push(`the search SQL run directly returns other hits than the route for "${word}"`);
    const { rows } = await context.pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${sql}`,
      params,
    );
    const plan = rows.map((row) => row['QUERY PLAN']);
    const used = planIndexes(plan);
    for (const name of used) indexes.add(name);
    explained.push(
      `EXPLAIN (ANALYZE, BUFFERS) for "${word}" (${pages} pages of the company match; indexes: ${used.join(', ') || 'none'}):\n\n\`\`\`\n${plan.join('\n')}\n\`\`\``,
    );
  }

  const checks: Check[] = [
    {
      id: 'E1',
      target: `p95 < ${SEARCH_P95_LIMIT_MS} ms, ${SEARCH_CONNECTIONS} clients`,
      measured: `${fixed(result.p95)} ms`,
      pass: result.failed === 0 && result.p95 < SEARCH_P95_LIMIT_MS,
    },
  ];
  return {
    title: `E: search over ${context.pages} pages`,
    tables: [
      table(loadHeaders, [loadRow(result), loadRow(single)]),
      table(cpuRows.headers, cpuRows.rows),
      table(
        ['query word', 'matching pages in the company'],
        frequencies.map((row) => [row.word, row.pages]),
      ),
      ...explained,
    ],
    checks,
    notes: [...notes, `indexes used by the plans: ${[...indexes].join(', ') || 'none'}`],
  };
}

if (require.main === module) benchMain(searchBench);
