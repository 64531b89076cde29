import { randomBytes } from 'node:crypto';
import { call, createApiKey, createTestPage } from '@cw/testing';
import { expectThat, type Drill } from './drill';
import type { DrillSystem } from './drill-system';

/** How long the neighbour's requests are measured while the hostile load runs. */
const MEASURE_MS = 30_000;
/** The neighbour's pause between two requests of one kind. */
const NEIGHBOUR_PAUSE_MS = 150;
const P99_LIMIT_MS = 1_000;
/** The stored page body's limit: each hostile page is as large as a page may be. */
const PAGE_CHARACTERS = 1_000_000;
/** What one held session keeps alive, below CODE_CELL_MEMORY_MB's default of 64. */
const HELD_MEGABYTES = 48;

const ENDLESS_CELL = 'while (true) {}';
const ALLOCATION_LOOP = "let a = []; while (true) a.push('x'.repeat(1e6))";
const HOLD_MEMORY = `globalThis.held = new Uint8Array(${HELD_MEGABYTES} * 1024 * 1024).fill(1); held.length`;

interface Probe {
  name: string;
  durations: number[];
  /** When each request began, in ms since the measurement began. */
  offsets: number[];
  failures: string[];
}

/**
 * One company's hostile but authenticated people against another company's ordinary requests:
 * searches whose term starts every word of 1 MB pages (words of 100,000 characters, and 100,000
 * distinct words), endless cells, allocation loops and ten sessions holding most of their memory
 * limit. The neighbour's wiki read, wiki search and `1 + 1` cell must keep answering promptly.
 */
export const noisyNeighboursDrill: Drill = {
  name: 'noisy-neighbours',
  finding:
    "One person's long-word search froze the wiki-service for every company, and one person's endless code cells delayed and ended every other person's cells.",
  async run(drills) {
    const gateway = drills.gatewayUrl;
    const hostileCompany = `Noisy ${randomBytes(3).toString('hex')}`;
    const hostile = await Promise.all(
      [0, 1, 2].map(async () => {
        const person = await drills.signIn({ company: hostileCompany, role: 'member' });
        return createApiKey(gateway, person.cookie, ['wiki:write', 'workflows:run']);
      }),
    );
    const neighbourPerson = await drills.signIn({ company: `Quiet ${Date.now()}` });
    const neighbour = await createApiKey(gateway, neighbourPerson.cookie, [
      'wiki:write',
      'workflows:run',
    ]);

    await seedHostilePages(gateway, hostile[0]);
    const { page } = await createTestPage(
      gateway,
      { token: neighbour },
      { title: 'Runbook', markdown: 'Restart the ingest worker when the queue backs up.' },
    );
    const neighbourSession = await openSession(gateway, neighbour);

    const stopAt = Date.now() + MEASURE_MS;
    const running = () => Date.now() < stopAt;
    const hostileCounts = new Map<string, number>();
    const count = (what: string, status: number | string) => {
      const key = `${what} → ${status}`;
      hostileCounts.set(key, (hostileCounts.get(key) ?? 0) + 1);
    };

    const hostileLoad = startHostileLoad(drills, hostile, running, count);
    const probes: Probe[] = [
      { name: 'wiki read', durations: [], offsets: [], failures: [] },
      { name: 'wiki search', durations: [], offsets: [], failures: [] },
      { name: '1 + 1 cell', durations: [], offsets: [], failures: [] },
    ];
    const [read, search, cell] = probes;
    await Promise.all([
      measure(read, running, async () => {
        const answer = await call<{ page?: { content_md?: string } }>(
          gateway,
          'GET',
          `/api/wiki/pages/${page.public_id}`,
          { token: neighbour },
        );
        return answer.status === 200 && answer.body.page?.content_md?.includes('ingest') === true
          ? null
          : `${answer.status} ${answer.text.slice(0, 120)}`;
      }),
      measure(search, running, async () => {
        const answer = await call<{ results?: { page_public_id: string }[] }>(
          gateway,
          'GET',
          '/api/wiki/search?q=ingest',
          { token: neighbour },
        );
        return answer.status === 200 &&
          answer.body.results?.some((result) => result.page_public_id === page.public_id)
          ? null
          : `${answer.status} ${answer.text.slice(0, 120)}`;
      }),
      measure(cell, running, async () => {
        const answer = await runCell(gateway, neighbour, neighbourSession, '1 + 1');
        return answer.status === 200 && answer.body.status === 'ok' && answer.body.result === 2
          ? null
          : `${answer.status} ${answer.text.slice(0, 120)}`;
      }),
    ]);
    await hostileLoad;

    const lines = [
      `hostile company (3 people) for ${MEASURE_MS / 1000} s: ${[...hostileCounts]
        .map(([what, n]) => `${n}× ${what}`)
        .join(', ')}`,
      ...probes.map(
        (probe) =>
          `neighbour ${probe.name}: ${probe.durations.length} requests, p50 ${percentile(probe.durations, 0.5)} ms, p99 ${percentile(probe.durations, 0.99)} ms, max ${Math.max(...probe.durations)} ms (sent at +${slowest(probe)} s), ${probe.failures.length} errors`,
      ),
    ];
    for (const probe of probes) {
      expectThat(probe.durations.length > 0, `${lines.join('\n   ')}\nno ${probe.name} answered`);
      expectThat(
        probe.failures.length === 0,
        `${lines.join('\n   ')}\n${probe.name} failed: ${probe.failures.slice(0, 3).join('; ')}`,
      );
      expectThat(
        percentile(probe.durations, 0.99) < P99_LIMIT_MS,
        `${lines.join('\n   ')}\n${probe.name} p99 is over ${P99_LIMIT_MS} ms`,
      );
    }
    const hostileErrors = [...hostileCounts.keys()].filter((key) => / → 5\d\d$/.test(key));
    expectThat(
      hostileErrors.length === 0,
      `${lines.join('\n   ')}\nhostile requests answered 5xx: ${hostileErrors.join(', ')}`,
    );
    return lines;
  },
};

/** Two 1 MB pages whose every word starts with the hostile term `zq`. */
async function seedHostilePages(gateway: string, token: string): Promise<void> {
  const longWords = Array.from({ length: 9 }, (_, index) =>
    `zq${String.fromCharCode(97 + index)}`.padEnd(100_000, 'abcdefghij'),
  ).join(' ');
  const distinct: string[] = [];
  let length = 0;
  for (let index = 0; length < PAGE_CHARACTERS - 20; index += 1) {
    const word = `zq${index.toString(36)}ing`;
    distinct.push(word);
    length += word.length + 1;
  }
  for (const [title, markdown] of [
    ['Long words', longWords],
    ['Many words', distinct.join(' ').slice(0, PAGE_CHARACTERS)],
  ]) {
    await createTestPage(gateway, { token }, { title, markdown });
  }
}

/**
 * The hostile people's requests, each kind in its own loops until `running()` ends: person 0
 * searches for `zq` and runs endless cells and allocation loops; persons 1 and 2 each fill
 * five sessions with memory they keep.
 */
async function startHostileLoad(
  drills: DrillSystem,
  tokens: string[],
  running: () => boolean,
  count: (what: string, status: number | string) => void,
): Promise<void> {
  const gateway = drills.gatewayUrl;
  const [searcher, ...holders] = tokens;
  const loops: Promise<void>[] = [];
  for (let loop = 0; loop < 2; loop += 1) {
    loops.push(
      repeat(running, async () => {
        const answer = await call(gateway, 'GET', '/api/wiki/search?q=zq&limit=50', {
          token: searcher,
        });
        count('long-word search', answer.status);
      }),
    );
  }
  const cellLoop = (code: string, what: string) =>
    loops.push(
      openSession(gateway, searcher).then((session) =>
        repeat(running, async () => {
          const answer = await runCell(gateway, searcher, session, code);
          count(what, answer.status === 200 ? String(answer.body.status) : answer.status);
        }),
      ),
    );
  for (let loop = 0; loop < 3; loop += 1) cellLoop(ENDLESS_CELL, 'endless cell');
  cellLoop(ALLOCATION_LOOP, 'allocation loop');
  for (const holder of holders) {
    for (let held = 0; held < 5; held += 1) {
      loops.push(
        openSession(gateway, holder).then(async (session) => {
          const answer = await runCell(gateway, holder, session, HOLD_MEMORY);
          count(
            `${HELD_MEGABYTES} MB held`,
            answer.status === 200 ? String(answer.body.status) : answer.status,
          );
        }),
      );
    }
  }
  await Promise.all(loops);
}

async function openSession(gateway: string, token: string): Promise<string> {
  const created = await call<{ session_id: string }>(gateway, 'POST', '/api/code-sessions', {
    token,
    body: {},
  });
  if (created.status !== 201) {
    throw new Error(`code session create answered ${created.status} ${created.text}`);
  }
  return created.body.session_id;
}

function runCell(gateway: string, token: string, session: string, code: string) {
  return call<{ status?: string; result?: unknown }>(
    gateway,
    'POST',
    `/api/code-sessions/${session}/cells`,
    { token, body: { code } },
  );
}

async function repeat(running: () => boolean, task: () => Promise<void>): Promise<void> {
  while (running()) await task();
}

/** Runs `attempt` again and again, timing each; an answer other than null is a failure. */
async function measure(
  probe: Probe,
  running: () => boolean,
  attempt: () => Promise<string | null>,
): Promise<void> {
  const measuredFrom = Date.now();
  while (running()) {
    const began = Date.now();
    const failure = await attempt().catch((error: unknown) => String(error));
    probe.durations.push(Date.now() - began);
    probe.offsets.push(began - measuredFrom);
    if (failure !== null) probe.failures.push(failure);
    await new Promise((resolve) => setTimeout(resolve, NEIGHBOUR_PAUSE_MS));
  }
}

/** When the slowest request of `probe` was sent, in seconds since the measurement began. */
function slowest(probe: Probe): string {
  const index = probe.durations.indexOf(Math.max(...probe.durations));
  return (probe.offsets[index] / 1000).toFixed(1);
}

function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}
