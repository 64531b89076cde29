import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';

const REPO_ROOT = join(__dirname, '../..');
const WRITER = join(REPO_ROOT, 'dist/apps/api-gateway/src/openapi/write-merged-description.js');
const GENERATOR = join(__dirname, 'generate-types.mjs');
const node = (args: string[]): Promise<unknown> => promisify(execFile)(process.execPath, args);
// Describing the composition, generating and type-checking take seconds on a loaded machine.
const BUILD_TIMEOUT_MS = 180_000;

/** A small client of the main paths, typed only by the generated `openapi.ts`. */
const CLIENT = `
import type { components, operations } from './openapi';

type Json<Op extends keyof operations, Status extends keyof operations[Op]['responses']> =
  operations[Op]['responses'][Status] extends { content: { 'application/json': infer Body } }
    ? Body
    : never;
type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;
type RequestBody<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;
type ErrorEnvelope = components['schemas']['ErrorEnvelopeSchema'];
type Page<Op extends keyof operations> = operations[Op]['responses'] extends {
  200: { content: { 'text/html': infer Body } };
}
  ? Body
  : never;
type Download<Op extends keyof operations> = operations[Op]['responses'] extends {
  200: { content: { '*/*': infer Body } };
}
  ? Body
  : never;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch('https://wiki.example.com' + path, {
    method,
    headers: { authorization: 'Bearer cwk_example', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(((await response.json()) as ErrorEnvelope).error.code);
  return (await response.json()) as T;
}

export async function readPage(pageId: string): Promise<string | null> {
  const read = await call<Json<'readPage', 200>>('GET', '/api/wiki/pages/' + pageId);
  if (read.access === null) return null;
  const editable: boolean = read.access.can_edit;
  return read.page.current_version + (editable ? ' editable: ' : ': ') + (read.page.content_md ?? '');
}

export async function search(query: Query<'searchWiki'>): Promise<string[]> {
  const found = await call<Json<'searchWiki', 200>>(
    'GET',
    '/api/wiki/search?' + new URLSearchParams({ q: query.q }).toString(),
  );
  return found.results.map((result) => result.page_public_id + ' ' + result.title);
}

/** Answers that are not JSON are typed too: pages and downloads are strings, not \`never\`. */
export function consentPageLength(page: Page<'oauthAuthorize'>): number {
  return page.length;
}

export function approvalPageLength(page: Page<'showAgentTestGrant'>): number {
  return page.length;
}

export function downloadLength(file: Download<'downloadPageFile'>): number {
  return file.length;
}

export function bearerOf(answer: Json<'oauthToken', 200>): string {
  return answer.token_type + ' ' + answer.access_token;
}

export async function editPage(pageId: string, body: RequestBody<'editPage'>): Promise<number> {
  const edited = await call<Json<'editPage', 200>>('POST', '/api/wiki/pages/' + pageId + '/edits', body);
  if (edited.outcome === 'refused') throw new Error(edited.refusal?.reason ?? 'refused');
  return edited.current_version;
}

export async function startRun(workflowId: string): Promise<string> {
  const body: RequestBody<'runWorkflow'> = {
    inputs: { topic: 'pricing' },
    run_request_id: '9b2f7c1e-4a6d-4e8b-b1c3-5d7e9f0a2b4c',
  };
  const started = await call<Json<'runWorkflow', 201>>('POST', '/api/workflows/' + workflowId + '/run', body);
  const running: boolean = started.status === 'running' || started.status === 'queued';
  return running ? started.run_id : '';
}

export async function readReport(reportId: string): Promise<boolean> {
  const report = await call<Json<'getReport', 200>>('GET', '/api/reports/' + reportId);
  const outcome: 'succeeded' | 'failed' | 'incomplete' = report.presentation.outcome.status;
  const completedAt: string | null = report.completed_at;
  return (
    outcome === 'succeeded' &&
    completedAt !== null &&
    report.presentation.deliverables.every((deliverable) => deliverable.status === 'delivered')
  );
}
`;

/** Expressions that must not compile against the generated types, with the error they give. */
const WRONG: ReadonlyArray<[string, string, number]> = [
  ['a field no response has', 'read.page.no_such_field', 2339],
  ['a nullable field read without a check', 'read.access.can_edit', 18047],
  ['a status no run has', "started.status === 'finished'", 2367],
];

function wrongClient(expression: string): string {
  return `import type { operations } from './openapi';
type Ok<Op extends keyof operations> = operations[Op]['responses'] extends {
  200: { content: { 'application/json': infer Body } };
}
  ? Body
  : operations[Op]['responses'] extends { 201: { content: { 'application/json': infer Body } } }
    ? Body
    : never;
export function probe(read: Ok<'readPage'>, started: Ok<'runWorkflow'>): unknown {
  return ${expression};
}
`;
}

/** The diagnostic codes of each file, type-checked together in one program. */
function typeCheck(dir: string, files: string[]): Map<string, number[]> {
  const program = ts.createProgram(
    files.map((file) => join(dir, file)),
    {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      lib: ['lib.es2022.d.ts'],
      types: ['node'],
      typeRoots: [join(REPO_ROOT, 'node_modules/@types')],
    },
  );
  const codes = new Map(files.map((file) => [file, [] as number[]]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const file = diagnostic.file ? relative(dir, diagnostic.file.fileName) : '(options)';
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (!codes.has(file)) throw new Error(`${file}: TS${diagnostic.code} ${message}`);
    codes.get(file)!.push(diagnostic.code);
  }
  return codes;
}

describe('a client typed by openapi-typescript from the merged description', () => {
  let dir: string;
  let diagnostics: Map<string, number[]>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cw-typed-client-'));
    const description = join(dir, 'openapi.json');
    await node([WRITER, description]);
    await node([GENERATOR, description, join(dir, 'openapi.ts')]);
    await writeFile(join(dir, 'client.ts'), CLIENT);
    for (const [, expression, code] of WRONG)
      await writeFile(join(dir, `wrong-${code}.ts`), wrongClient(expression));
    diagnostics = typeCheck(dir, ['client.ts', ...WRONG.map(([, , code]) => `wrong-${code}.ts`)]);
  }, BUILD_TIMEOUT_MS);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('type-checks calls that read a page, search, edit, start a run and read a report', () => {
    expect(diagnostics.get('client.ts')).toEqual([]);
  });

  it.each(WRONG)('refuses %s', (_case, _expression, code) => {
    expect(diagnostics.get(`wrong-${code}.ts`)).toEqual([code]);
  });
});
