import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const REPO_ROOT = join(__dirname, '../../..');
const WRITER = join(REPO_ROOT, 'dist/apps/api-gateway/src/openapi/write-merged-description.js');

const MERGED_DESCRIPTION_FILE = join(REPO_ROOT, 'dist/openapi.json');

/**
 * `node dist/tools/openapi/lint-openapi.js` (a step of `npm test`): writes the description the
 * gateway serves, from the build, and lints it with Redocly's recommended rules as
 * `redocly.yaml` configures them. Offline: no telemetry, no update check.
 */
function main(): number {
  const written = spawnSync(process.execPath, [WRITER, MERGED_DESCRIPTION_FILE], {
    stdio: 'inherit',
  });
  if (written.status !== 0) return written.status ?? 1;
  const linted = spawnSync(
    join(REPO_ROOT, 'node_modules/.bin/redocly'),
    ['lint', MERGED_DESCRIPTION_FILE, '--lint-config=error'],
    {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  return linted.status ?? 1;
}

process.exit(main());
