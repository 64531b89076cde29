import { join } from 'node:path';
import { runMigrations } from '@cw/db';
import { TEST_ACCEPTANCE_SECRET } from '@cw/testing';
import { ensureLocalStack, stopLocalStack } from '../local-stack/local-stack';
import { freePort } from '../local-stack/ports';
import { startSystem } from '../start/system';

const REPO_ROOT = join(__dirname, '../../..');
/** A stack of its own: the walk writes junk that belongs in neither `npm start`'s data nor the drills'. */
const FUZZ_DATA_DIR = join(REPO_ROOT, '.data', 'fuzz');

export interface FuzzSystem {
  gatewayUrl: string;
  acceptanceSecret: string;
  logDir: string;
  stop(): Promise<void>;
}

/** The six processes behind the gateway, on `.data/fuzz`, with the acceptance exchange on. */
export async function startFuzzSystem(say: (line: string) => void): Promise<FuzzSystem> {
  const stackOptions = { dataDir: FUZZ_DATA_DIR, log: (line: string) => say(`stack: ${line}`) };
  const stack = await ensureLocalStack(stackOptions);
  await runMigrations(stack.databaseUrl);
  const logDir = join(FUZZ_DATA_DIR, 'logs');
  const system = await startSystem({
    mode: 'six-processes',
    databaseUrl: stack.databaseUrl,
    redisUrl: stack.redisUrl,
    gatewayPort: await freePort(),
    logDir,
    distDir: join(REPO_ROOT, 'dist'),
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET,
      QUEUE_PREFIX: `cwfuzz-${process.pid}`,
    },
  });
  return {
    gatewayUrl: system.gatewayUrl,
    acceptanceSecret: TEST_ACCEPTANCE_SECRET,
    logDir,
    stop: async () => {
      await system.stop();
      await stopLocalStack(stackOptions);
    },
  };
}
