import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';

const REPO_ROOT = join(__dirname, '../..');
const WRITER = join(REPO_ROOT, 'dist/apps/api-gateway/src/openapi/write-merged-description.js');
const run = promisify(execFile);
// Describing the composition and generating types take seconds on a loaded machine.
const BUILD_TIMEOUT_MS = 180_000;

/** The `npx openapi-typescript …` line docs/api.md gives integrators, as written there. */
async function docsCommand(): Promise<string> {
  const page = await readFile(join(REPO_ROOT, 'docs/api.md'), 'utf8');
  const line = page.split('\n').find((each) => each.startsWith('npx openapi-typescript '));
  if (!line) throw new Error('docs/api.md has no `npx openapi-typescript` line');
  return line.replace(/\s+#.*$/, '');
}

/** Calls that leave out every request field the description gives a default. */
const CLIENT = `
import type { paths } from './company-wiki-api';

type Body<P extends keyof paths> = paths[P] extends {
  post: { requestBody?: { content: { 'application/json': infer B } } };
}
  ? B
  : never;

export const design: Body<'/api/workflows/blocks/design'> = {
  intent: {
    name: 'Greeting',
    steps: [{ id: 'greet', block: 'text.compose', template: 'Hello.' }],
  },
  trigger: { schedule: { cron: '0 9 * * 1' } },
};
export const page: Body<'/api/wiki/pages'> = { title: 'Notes' };
export const edit: Body<'/api/wiki/pages/{page_id}/edits'> = {
  expected_version: 1,
  mutation_id: '9b2f7c1e-4a6d-4e8b-b1c3-5d7e9f0a2b4c',
  edits: [{ kind: 'replace', find: 'a', replace: 'b' }],
};
export const session: Body<'/api/code-sessions'> = {};
export const claim: Body<'/api/feedback/intake/claim'> = { session_id: 's' };
export const exchange: Body<'/api/acceptance/auth/exchange'> = {
  secret: 's',
  email: 'ada@acme.test',
  company: 'Acme',
};
export const grant: Body<'/api/agent-test/auth/grants'> = {
  secret: 's',
  email: 'ada@acme.test',
  company: 'Acme',
};
`;

function diagnosticsOf(dir: string): string[] {
  const program = ts.createProgram([join(dir, 'client.ts')], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    lib: ['lib.es2022.d.ts'],
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((each) => `TS${each.code} ${ts.flattenDiagnosticMessageText(each.messageText, ' ')}`);
}

describe("types from docs/api.md's own openapi-typescript command", () => {
  let dir: string;
  let generated: string;

  beforeAll(async () => {
    // A client's own directory: the command runs as an integrator runs it, outside this
    // repository (whose redocly.yaml the generator would otherwise apply).
    dir = await mkdtemp(join(tmpdir(), 'cw-docs-client-'));
    await run(process.execPath, [WRITER, join(dir, 'openapi.json')]);
    const command = (await docsCommand()).replace(
      /^npx openapi-typescript/,
      join(REPO_ROOT, 'node_modules/.bin/openapi-typescript'),
    );
    await run('bash', ['-c', command], { cwd: dir });
    generated = await readFile(join(dir, 'company-wiki-api.d.ts'), 'utf8');
    await writeFile(join(dir, 'client.ts'), CLIENT);
  }, BUILD_TIMEOUT_MS);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('compiles request bodies that leave out every field with a default', () => {
    expect(diagnosticsOf(dir)).toEqual([]);
  });

  it('still types the defaulted fields, as optional', () => {
    expect(generated).toMatch(/start_as\?: "draft" \| "active";/);
    expect(generated).toMatch(/execution_mode\?: "automatic" \| "assisted";/);
  });
});
