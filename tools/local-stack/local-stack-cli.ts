import { loadConfig } from '@cw/platform';
import { ensureLocalStack, getLocalStackStatus, stopLocalStack } from './local-stack';
import { LocalStackConfig } from './local-stack.config';

const usage = 'usage: local-stack-cli <up|down|status> [--data-dir <path>]';

function parseArgs(argv: string[]): { command: string | undefined; dataDir: string | undefined } {
  const index = argv.indexOf('--data-dir');
  const dataDir = index >= 0 ? argv[index + 1] : loadConfig(LocalStackConfig).LOCAL_STACK_DATA_DIR;
  if (index >= 0 && !dataDir) throw new Error(`--data-dir needs a path; ${usage}`);
  const rest = index >= 0 ? [...argv.slice(0, index), ...argv.slice(index + 2)] : argv;
  return { command: rest[0], dataDir };
}

async function main(): Promise<void> {
  const { command, dataDir } = parseArgs(process.argv.slice(2));
  if (!command) throw new Error(usage);
  switch (command) {
    case 'up': {
      const stack = await ensureLocalStack({ dataDir });
      process.stdout.write(`DATABASE_URL=${stack.databaseUrl}\nREDIS_URL=${stack.redisUrl}\n`);
      return;
    }
    case 'down':
      await stopLocalStack({ dataDir });
      return;
    case 'status':
      process.stdout.write(`${JSON.stringify(await getLocalStackStatus({ dataDir }), null, 2)}\n`);
      return;
    default:
      throw new Error(usage);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`local-stack: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
