// Nx's `test` target: jest's three tiers (jest.config.js) limited to the specs under one
// project's root. As under `npm test`, the integration and end-to-end tiers' global setup
// (libs/testing/src/global-setup.ts) builds, starts the local stack unless TEST_DATABASE_URL and
// TEST_REDIS_URL are given, and migrates the template database.
//   node tools/build/project-test.mjs libs/wiki [jest options]
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './compile.mjs';

const [projectRoot, ...jestOptions] = process.argv.slice(2);
if (!projectRoot) {
  process.stderr.write('usage: node tools/build/project-test.mjs <project root> [jest options]\n');
  process.exit(2);
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const testPathPattern = `^${escapeRegExp(join(root, projectRoot))}/`;

const jest = spawn(
  join(root, 'node_modules/.bin/jest'),
  [
    '--ci',
    '--passWithNoTests',
    '--selectProjects',
    'unit',
    'integration',
    'e2e',
    `--testPathPatterns=${testPathPattern}`,
    ...jestOptions,
  ],
  {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
    stdio: 'inherit',
  },
);
jest.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
