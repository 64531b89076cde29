import { benchMain, type BenchContext } from './bench-context';
import type { BenchActor } from './bench-fixtures';
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

/**
 * The SQL WikiSearchService.search sends for a one-word query (libs/wiki/src/search/
 * wiki-search.service.ts with fts-query.ts and access/visibility.ts written out; a single word
 * of letters always takes the prefix branch of tsQuerySql). Keep in step with those files; the
 * benchmark compares this query's hits with the route's and says so when they differ.
 */
export function searchSql(word: string, actor: BenchActor, limit: number): [string, unknown[]] {
  const query = `(websearch_to_tsquery('english', $1::text) || (websearch_to_tsquery('english', $2::text) && to_tsquery('english', quote_literal($3::text) || ':*')))`;
  const readable = `((p.company_id = $4 AND p.deleted_at IS NULL AND (
      p.lane = 'company'
      OR (p.lane = 'private' AND p.lane_owner_id = $5)
      OR (p.lane = 'team' AND p.lane_owner_id = ANY($6::uuid[])))) AND (NOT p.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = p.id AND pa.person_id = $5)))`;
  const snippet = `ts_headline('english', left(page.content_md, 100000), hit.query, 'StartSel=«, StopSel=», MaxWords=35, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "')`;
  const rank = `ts_rank('{0.1, 0.2, 0.4, 1.0}'::float4[], p.search_vector, q.query, 1)`;
  return [
    `SELECT page.id, page.public_id, page.folder_path, page.title, page.current_version,
              ${snippet} AS snippet
         FROM (SELECT p.id, q.query, ${rank} AS rank
                 FROM wiki.pages p, (SELECT ${query} AS query) q
                WHERE p.deleted_at IS NULL
                  AND p.search_vector @@ q.query
                  AND ${readable}
                ORDER BY rank DESC, p.id ASC
                LIMIT $7 OFFSET $8) hit
         JOIN wiki.pages page ON page.id = hit.id
        ORDER BY hit.rank DESC, hit.id ASC`,
    [word, '', word, actor.companyId, actor.personId, actor.teamIds, limit + 1, 0],
  ];
}

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

  const { rows: frequencies } = await context.pool.query<{ word: string; pages: number }>(
    `SELECT w AS word, (SELECT count(*)::int FROM wiki.pages p
                         WHERE p.deleted_at IS NULL AND p.search_vector @@ websearch_to_tsquery('english', w)
                           AND p.company_id = $2) AS pages
       FROM unnest($1::text[]) w`,
    [QUERY_WORDS, actor.companyId],
  );
  frequencies.sort((a, b) => b.pages - a.pages);
  const explained: string[] = [];
  const notes: string[] = [
    `${QUERY_WORDS.length} query words rotating per request; limit ${LIMIT}; reader sees ${await visiblePages(context)} live pages of ${context.pages}`,
    'the target is the first row: 16 connections each sending its next request as soon as the last is answered (closed loop), so the mean latency is 16 / throughput; the 1-connection row (information) shows the time of one search without queueing',
  ];
  const indexes = new Set<string>();
  for (const { word, pages } of [frequencies[0], frequencies.at(-1)!]) {
    const [sql, params] = searchSql(word, actor, LIMIT);
    const route = await searchOnce(context, word);
    const copy = await context.pool.query<{ id: string }>(sql, params);
    const copyIds = copy.rows.slice(0, LIMIT).map((row) => Number(row.id));
    if (JSON.stringify(copyIds) !== JSON.stringify(route.ids))
      notes.push(
        `the copied search SQL returns other hits than the route for "${word}": update searchSql in tools/bench/search-bench.ts`,
      );
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

async function visiblePages(context: BenchContext): Promise<number> {
  const actor = context.actors[0];
  const { rows } = await context.pool.query<{ pages: number }>(
    `SELECT count(*)::int AS pages FROM wiki.pages p
      WHERE p.company_id = $1 AND p.deleted_at IS NULL AND (p.lane = 'company'
        OR (p.lane = 'private' AND p.lane_owner_id = $2)
        OR (p.lane = 'team' AND p.lane_owner_id = ANY($3::uuid[])))`,
    [actor.companyId, actor.personId, actor.teamIds],
  );
  return rows[0].pages;
}

if (require.main === module) benchMain(searchBench);
