// Lints sources as if they were files at the given repository paths, with the repository's own
// ESLint config and a freshly computed Nx project graph, running only the import rules. Those need
// no type information, so the files need not exist. An ES module (ESLint loads its config with
// import()), so tests run it in a child process: JSON [{ filePath, code }] on stdin, JSON out.
import { createProjectGraphAsync } from '@nx/devkit';
import { ESLint } from 'eslint';
import { dirname, join, resolve } from 'node:path';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const IMPORT_RULES = new Set(['@nx/enforce-module-boundaries', 'no-restricted-imports']);

const fixtures = JSON.parse(await text(process.stdin));
process.env.NX_DAEMON = 'false';
// The boundary rule reads the cached graph and silently skips itself when there is none.
await createProjectGraphAsync({ exitOnError: true });

const eslint = new ESLint({
  cwd: ROOT,
  ruleFilter: ({ ruleId }) => IMPORT_RULES.has(ruleId),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});
const results = [];
for (const { filePath, code } of fixtures) {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  results.push({
    filePath,
    messages: result.messages.map(({ ruleId, message }) => ({ ruleId, message })),
  });
}
const config = await eslint.calculateConfigForFile(join(ROOT, 'libs/platform/src/index.ts'));
const [, { depConstraints }] = config.rules['@nx/enforce-module-boundaries'];
process.stdout.write(JSON.stringify({ results, depConstraints }));
