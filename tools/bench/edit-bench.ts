import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { copyPageForRawWrites, rawPageUpdateStatement } from '@cw/wiki/testing';
import { Pool as HttpPool } from 'undici';
import { benchMain, type BenchContext, EDITORS } from './bench-context';
import { type BenchReport, type Check, fixed, percent, ratioCheck, say, table } from './report';

export const EDITS_PER_EDITOR = 32;
const WARM_UP_EDITS = 3;

const pad = (value: number, width: number): string => String(value).padStart(width, '0');
const taskKey = (editor: number, task: number): string => `e${pad(editor, 2)}-t${pad(task, 3)}`;
const open = (editor: number, task: number): string => `- [ ] ${taskKey(editor, task)} `;
const done = (editor: number, task: number): string => `- [x] ${taskKey(editor, task)} `;

/** One line per task; every editor ticks its own, so no two edits overlap. */
function checklist(tasksPerEditor: number): string {
  const lines = ['# Concurrent edit benchmark', '', 'Each editor ticks its own tasks.', ''];
  const topics = ['onboarding guide', 'release notes', 'incident runbook', 'budget review'];
  for (let task = 1; task <= tasksPerEditor; task += 1)
    for (let editor = 1; editor <= EDITORS; editor += 1)
      lines.push(`${open(editor, task)}review the ${topics[(editor + task) % topics.length]}`);
  return `${lines.join('\n')}\n`;
}

interface Call {
  status: number;
  body: Record<string, unknown>;
}

async function call(
  http: HttpPool,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  body?: unknown,
): Promise<Call> {
  const response = await http.request({
    method,
    path,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.statusCode,
    body: (await response.body.json()) as Record<string, unknown>,
  };
}

async function createPage(
  http: HttpPool,
  token: string,
  title: string,
  markdown: string,
): Promise<{ id: number; version: number }> {
  const created = await call(http, 'POST', '/api/wiki/pages', token, {
    title,
    markdown,
    path: '/Company/Bench',
  });
  const page = created.body.page as { id?: number; current_version?: number } | undefined;
  if (created.status !== 201 || !page?.id || !page.current_version)
    throw new Error(`page creation: ${created.status} ${JSON.stringify(created.body)}`);
  return { id: page.id, version: page.current_version };
}

/** Every editor sends its edits one after the other, all with the version read at the start. */
async function editConcurrently(
  http: HttpPool,
  keys: readonly string[],
  page: { id: number; version: number },
  tasks: number,
): Promise<{ seconds: number; outcomes: Record<string, number> }> {
  const outcomes: Record<string, number> = {};
  const started = process.hrtime.bigint();
  await Promise.all(
    keys.map(async (key, index) => {
      const editor = index + 1;
      for (let task = 1; task <= tasks; task += 1) {
        const result = await call(http, 'POST', `/api/wiki/pages/${page.id}/edits`, key, {
          expected_version: page.version,
          mutation_id: randomUUID(),
          edits: [{ kind: 'replace', find: open(editor, task), replace: done(editor, task) }],
        });
        const outcome =
          result.status === 200 ? String(result.body.outcome) : `HTTP ${result.status}`;
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }
    }),
  );
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, outcomes };
}

/** 16 connections each running the single-row UPDATE on one row until the time is up. */
async function rawUpdateLoop(
  context: BenchContext,
  pageId: number,
  seconds: number,
): Promise<number> {
  const clients = await Promise.all(keysRange(EDITORS).map(() => context.pool.connect()));
  const update = rawPageUpdateStatement();
  const deadline = Date.now() + seconds * 1000;
  let updates = 0;
  const started = process.hrtime.bigint();
  try {
    await Promise.all(
      clients.map(async (client) => {
        while (Date.now() < deadline) {
          await client.query(update, [pageId]);
          updates += 1;
        }
      }),
    );
  } finally {
    for (const client of clients) client.release();
  }
  return updates / (Number(process.hrtime.bigint() - started) / 1e9);
}

const keysRange = (count: number): number[] => Array.from({ length: count }, (_, index) => index);

/**
 * F: one page, 16 editors (16 people, each with an API key) editing through the gateway with a
 * stale expected_version, against a raw single-row UPDATE loop on the same database for the
 * same duration (on a copy of the page, so that both write rows of the same size).
 */
export async function editBench(
  context: BenchContext,
  tasks = EDITS_PER_EDITOR,
): Promise<BenchReport> {
  const http = new HttpPool(context.timed.gatewayUrl, { connections: EDITORS });
  const keys = context.keys.slice(0, EDITORS);
  try {
    const stamp = Date.now();
    const warm = await createPage(http, keys[0], `Edit warm-up ${stamp}`, checklist(WARM_UP_EDITS));
    await editConcurrently(http, keys, warm, WARM_UP_EDITS);

    const markdown = checklist(tasks);
    const page = await createPage(http, keys[0], `Concurrent edits ${stamp}`, markdown);
    say(`F: ${EDITORS} editors × ${tasks} edits on page ${page.id} (${markdown.length} bytes)`);
    const edits = await editConcurrently(http, keys, page, tasks);
    const total = EDITORS * tasks;
    const editRate = total / edits.seconds;

    const final = await call(http, 'GET', `/api/wiki/pages/${page.id}`, keys[0]);
    const finalPage = final.body.page as { content_md?: string; current_version?: number };
    const content = finalPage.content_md ?? '';
    let missing = 0;
    for (let editor = 1; editor <= EDITORS; editor += 1)
      for (let task = 1; task <= tasks; task += 1)
        if (!content.includes(done(editor, task)) || content.includes(open(editor, task)))
          missing += 1;

    const copy = await copyPageForRawWrites(context.pool, page.id, markdown);
    say(`F: raw UPDATE loop on page ${copy} for ${edits.seconds.toFixed(1)} s`);
    const rawRate = await rawUpdateLoop(context, copy, edits.seconds);

    const applied = edits.outcomes.applied ?? 0;
    const checks: Check[] = [
      {
        id: 'F1',
        target: `all ${total} edits applied, page has every edit`,
        measured: `${applied} applied, ${missing} missing, version ${finalPage.current_version}`,
        pass:
          applied === total && missing === 0 && finalPage.current_version === page.version + total,
      },
      ratioCheck('F2', 'edit rate / raw UPDATE rate', editRate / rawRate, 0.25),
    ];
    return {
      title: 'F: one page, 16 concurrent editors',
      tables: [
        table(
          ['measure', 'value'],
          [
            ['editors × edits each', `${EDITORS} × ${tasks} = ${total}`],
            ['page size', `${markdown.length} bytes`],
            [
              'outcomes',
              Object.entries(edits.outcomes)
                .map(([k, v]) => `${k}: ${v}`)
                .join(', '),
            ],
            ['final version', `${finalPage.current_version} (from ${page.version})`],
            ['edit phase', `${fixed(edits.seconds, 2)} s`],
            ['edits/s (through the gateway)', fixed(editRate)],
            ['raw UPDATE/s (16 pg clients, same duration)', fixed(rawRate)],
            ['ratio', percent(editRate / rawRate)],
          ],
        ),
      ],
      checks,
      notes: [
        'every edit carries the version read before the run (stale for all but the first), so the service re-plans each against the head under the row lock',
      ],
    };
  } finally {
    await http.close();
  }
}

if (require.main === module) benchMain((context) => editBench(context));
