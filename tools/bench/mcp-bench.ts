import 'reflect-metadata';
import { cpus } from 'node:os';
import { benchMain, type BenchContext } from './bench-context';
import { type CpuSources, machineBusySeconds, processCpuSeconds, selfCpuSeconds } from './cpu';
import { cpuTable, loadHeaders, loadRow, measure, measureInterleaved } from './load';
import { type BenchReport, type Check, fixed, percent, ratioCheck, table } from './report';
import { QUERY_WORDS } from './seed-words';

const CONNECTIONS = 16;
const M1_MIN_RATIO = 0.5;
const M2_P99_LIMIT_MS = 20;
const LIMIT = 10;

/** The headers a Streamable HTTP client sends with each message. */
function mcpHeaders(key: string): Record<string, string> {
  return {
    authorization: `Bearer ${key}`,
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
  };
}

function message(method: string, params: Record<string, unknown>): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
}

/** One `tools/call`, as a check that the tool answers before it is measured. */
async function callOnce(context: BenchContext, body: string): Promise<string> {
  const response = await fetch(`${context.timed.gatewayUrl}/mcp`, {
    method: 'POST',
    headers: mcpHeaders(context.keys[0]),
    body,
  });
  const text = await response.text();
  if (response.status !== 200) return `POST /mcp answered ${response.status}: ${text}`;
  const answer = JSON.parse(text) as { result?: { isError?: boolean }; error?: unknown };
  if (answer.error || answer.result?.isError) return `POST /mcp answered ${text.slice(0, 300)}`;
  return '';
}

/**
 * M1: `tools/call search_wiki` through the gateway's `/mcp` against the same search through
 * REST (`GET /api/wiki/search`), 16 connections each, measured in alternating slices. M2:
 * `tools/list` latency on one connection (the service time, no queueing).
 */
export async function mcpBench(context: BenchContext): Promise<BenchReport> {
  const word = QUERY_WORDS[0];
  const search = message('tools/call', {
    name: 'search_wiki',
    arguments: { q: word, limit: LIMIT },
  });
  const list = message('tools/list', {});
  const problem = (await callOnce(context, search)) || (await callOnce(context, list));
  if (problem) {
    return {
      title: 'M: the MCP server',
      tables: [],
      checks: [
        {
          id: 'M1',
          target: `MCP / REST ≥ ${percent(M1_MIN_RATIO)}`,
          measured: problem,
          pass: false,
        },
        { id: 'M2', target: `p99 < ${M2_P99_LIMIT_MS} ms`, measured: problem, pass: false },
      ],
      notes: [],
    };
  }
  const pid = (name: string) =>
    context.timed.system.processes.find((running) => running.name === name)?.child.pid;
  const cpu: CpuSources = {
    client: selfCpuSeconds,
    'api-gateway': () => processCpuSeconds(pid('api-gateway')),
    'mcp-server': () => processCpuSeconds(pid('mcp-server')),
    'wiki-service': () => processCpuSeconds(pid('wiki-service')),
    machine: machineBusySeconds,
  };
  const common = {
    url: context.timed.gatewayUrl,
    connections: CONNECTIONS,
    durationSeconds: context.options.duration,
    warmupSeconds: context.options.warmup,
    cpu,
  };
  const [rest, mcp] = await measureInterleaved(
    [
      {
        ...common,
        label: 'REST GET /api/wiki/search',
        path: `/api/wiki/search?q=${encodeURIComponent(word)}&limit=${LIMIT}`,
        headers: { authorization: `Bearer ${context.keys[0]}` },
      },
      {
        ...common,
        label: 'MCP tools/call search_wiki',
        path: '/mcp',
        method: 'POST',
        body: search,
        headers: mcpHeaders(context.keys[0]),
      },
    ],
    context.options.rounds,
  );
  const listing = await measure({
    ...common,
    label: 'MCP tools/list, 1 connection',
    path: '/mcp',
    method: 'POST',
    body: list,
    headers: mcpHeaders(context.keys[0]),
    connections: 1,
  });
  const ratio = mcp.rps / rest.rps;
  const valid = [rest, mcp, listing].every((result) => result.failed === 0);
  const checks: Check[] = [
    {
      ...ratioCheck('M1', 'MCP search_wiki req/s / REST search req/s', ratio, M1_MIN_RATIO),
      pass: valid && ratio >= M1_MIN_RATIO,
    },
    {
      id: 'M2',
      target: `tools/list p99 < ${M2_P99_LIMIT_MS} ms`,
      measured: `${fixed(listing.p99)} ms`,
      pass: valid && listing.p99 < M2_P99_LIMIT_MS,
    },
  ];
  const cpuRows = cpuTable([rest, mcp, listing], cpus().length);
  return {
    title: 'M: the MCP server',
    tables: [
      table([...loadHeaders], [rest, mcp, listing].map(loadRow)),
      table(cpuRows.headers, cpuRows.rows),
    ],
    checks,
    notes: [
      `both M1 rows search "${word}" with limit ${LIMIT} as person 1 of company 1, through the gateway; the MCP row is a whole stateless MCP request each time (a new protocol server and transport, the key resolved, then the REST call through the gateway)`,
      'M2: tools/list on one connection, so that the latency is the service time without queueing',
    ],
  };
}

if (require.main === module) benchMain(mcpBench);
