import { execFile } from 'node:child_process';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCRIPT = join(__dirname, '../../../tools/openapi/validate-openapi.mjs');

/** Runs the real OpenAPI 3.1 validator (an ES module) over a document in a child process. */
export async function validateOpenApi(
  document: unknown,
): Promise<{ valid: boolean; errors: unknown[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'cw-openapi-'));
  const file = join(dir, 'openapi.json');
  try {
    await writeFile(file, JSON.stringify(document));
    const output = await new Promise<string>((resolve) => {
      execFile(process.execPath, [SCRIPT, file], (_error, stdout) => resolve(stdout));
    });
    return JSON.parse(output) as { valid: boolean; errors: unknown[] };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
