import autocannon from 'autocannon';
import { type CpuSources, startCpuMeter } from './cpu';

export interface LoadOptions {
  /** What the row is called in the tables. */
  label: string;
  /** Base URL of the server (`http://127.0.0.1:3000`). */
  url: string;
  /** A fixed path, or one chosen per request (rotating query words, ...). */
  path: string | (() => string);
  headers?: Record<string, string>;
  /** GET unless told; a POST sends `body` with every request. */
  method?: 'GET' | 'POST';
  body?: string;
  connections: number;
  /** Measured seconds in all (split over the rounds of measureInterleaved). */
  durationSeconds: number;
  warmupSeconds: number;
  /** CPU counters read around the measured runs (not the warm-up); `machine` is the total. */
  cpu?: CpuSources;
}

export interface LoadResult {
  label: string;
  connections: number;
  seconds: number;
  /** 2xx responses. */
  ok: number;
  /** Other statuses and connection errors: a run with any is not a valid measurement. */
  failed: number;
  /** 2xx responses per second. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** CPU seconds each of `cpu` used during the measured runs. */
  cpu: Record<string, number | null>;
}

interface Segment {
  seconds: number;
  ok: number;
  failed: number;
  latencies: number[];
  cpu: Record<string, number | null>;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

async function runSegment(options: LoadOptions, seconds: number): Promise<Segment> {
  const { path } = options;
  const latencies: number[] = [];
  const stopMeter = startCpuMeter(options.cpu ?? {});
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: seconds,
    timeout: 10,
    // autocannon refuses an explicit `method: undefined`, so GET is spelled out.
    method: options.method ?? 'GET',
    headers: options.headers,
    ...(options.body === undefined ? {} : { body: options.body }),
    requests: [
      typeof path === 'string'
        ? { path }
        : { setupRequest: (request) => ({ ...request, path: path() }) },
    ],
  });
  // autocannon reports p97.5 but not p95; every response time is kept to compute it exactly.
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await instance;
  return {
    seconds: result.duration,
    ok: result['2xx'],
    failed: result.non2xx + result.errors,
    latencies,
    cpu: stopMeter(),
  };
}

function combine(options: LoadOptions, segments: readonly Segment[]): LoadResult {
  const latencies = segments.flatMap((segment) => segment.latencies).sort((a, b) => a - b);
  const seconds = segments.reduce((sum, segment) => sum + segment.seconds, 0);
  const ok = segments.reduce((sum, segment) => sum + segment.ok, 0);
  const cpu: Record<string, number | null> = {};
  for (const name of Object.keys(options.cpu ?? {})) {
    const values = segments.map((segment) => segment.cpu[name]);
    cpu[name] = values.some((value) => value === null || value === undefined)
      ? null
      : values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  }
  return {
    label: options.label,
    connections: options.connections,
    seconds,
    ok,
    failed: segments.reduce((sum, segment) => sum + segment.failed, 0),
    rps: ok / seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    cpu,
  };
}

/** A short warm-up, then the measured run; latency percentiles are of 2xx responses. */
export async function measure(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await runSegment(options, options.warmupSeconds);
  return combine(options, [await runSegment(options, options.durationSeconds)]);
}

/**
 * Several targets compared in one run: each warmed up, then measured in `rounds` alternating
 * slices (A B C A B C ...), so that a change of background load hits every target alike.
 */
export async function measureInterleaved(
  targets: readonly LoadOptions[],
  rounds: number,
): Promise<LoadResult[]> {
  for (const target of targets)
    if (target.warmupSeconds > 0) await runSegment(target, target.warmupSeconds);
  const segments: Segment[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round += 1)
    for (const [index, target] of targets.entries())
      segments[index].push(await runSegment(target, target.durationSeconds / rounds));
  return targets.map((target, index) => combine(target, segments[index]));
}

export const loadHeaders = [
  'target',
  'conn',
  's',
  '2xx',
  'failed',
  'req/s',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'max ms',
] as const;

export function loadRow(result: LoadResult): (string | number)[] {
  return [
    result.label,
    result.connections,
    result.seconds.toFixed(1),
    result.ok,
    result.failed,
    result.rps.toFixed(0),
    result.p50.toFixed(1),
    result.p95.toFixed(1),
    result.p99.toFixed(1),
    result.max.toFixed(1),
  ];
}

/**
 * CPU milliseconds per 2xx response of each counter but `machine`; `other` is the machine's
 * busy time not in those counters (other processes: a busy machine shows here), and `cores
 * busy` the machine's busy time over the run.
 */
export function cpuTable(
  results: readonly LoadResult[],
  cores: number,
): { headers: string[]; rows: string[][] } {
  const names = Object.keys(results[0]?.cpu ?? {}).filter((name) => name !== 'machine');
  const perRequest = (seconds: number | null | undefined, ok: number): string =>
    seconds === null || seconds === undefined || ok === 0
      ? '-'
      : ((seconds * 1000) / ok).toFixed(3);
  const rows = results.map((result) => {
    const machine = result.cpu.machine;
    const known = names.reduce((sum, name) => sum + (result.cpu[name] ?? 0), 0);
    return [
      result.label,
      ...names.map((name) => perRequest(result.cpu[name], result.ok)),
      perRequest(machine === null || machine === undefined ? null : machine - known, result.ok),
      machine === null || machine === undefined
        ? '-'
        : `${((machine / (result.seconds * cores)) * 100).toFixed(0)} %`,
    ];
  });
  return {
    headers: ['target', ...names.map((name) => `${name} ms/req`), 'other ms/req', 'cores busy'],
    rows,
  };
}
