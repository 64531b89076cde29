import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const REPO_ROOT = join(__dirname, '../../..');
const WRITER = join(REPO_ROOT, 'dist/apps/api-gateway/src/openapi/write-merged-description.js');
const GENERATOR = join(__dirname, '../scripts/generate-paths.mjs');
const CHECKED_IN = join(__dirname, '../src/generated/openapi.ts');
// Describing the composition and generating take seconds each on a loaded machine.
const GENERATE_TIMEOUT_MS = 180_000;

const node = async (args: string[]): Promise<string> =>
  (
    await promisify(execFile)(process.execPath, args, {
      cwd: REPO_ROOT,
      maxBuffer: 64 * 1024 * 1024,
    })
  ).stdout;

describe('the typed client of libs/api-client', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cw-api-client-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it(
    'is generated from the current OpenAPI description (run `npm run api-client:generate` when this fails)',
    async () => {
      const description = join(dir, 'openapi.json');
      await node([WRITER, description]);
      const fresh = await node([GENERATOR, description]);
      const checkedIn = await readFile(CHECKED_IN, 'utf8');
      expect(fresh.length).toBeGreaterThan(100_000);
      // Compared as text: a mismatch shows the first differing lines, not two 400 KB strings.
      const freshLines = fresh.split('\n');
      const checkedInLines = checkedIn.split('\n');
      const first = freshLines.findIndex((line, index) => line !== checkedInLines[index]);
      const at = first === -1 ? Math.min(freshLines.length, checkedInLines.length) : first;
      expect(checkedInLines.slice(at, at + 5)).toEqual(freshLines.slice(at, at + 5));
      expect(checkedIn).toBe(fresh);
    },
    GENERATE_TIMEOUT_MS,
  );
});
