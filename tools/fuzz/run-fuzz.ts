import { randomInt } from 'node:crypto';
import { fuzzRunningSystem, summarizeFindings } from '@cw/testing';
import { startFuzzSystem } from './fuzz-system';

const USAGE =
  'npm run fuzz -- [--seed N] [--runs N] [--url http://host:port] [--secret S] [--concurrency N]';

interface FuzzArguments {
  seed: number;
  runs: number;
  url?: string;
  secret?: string;
  concurrency: number;
}

function parseArguments(argv: readonly string[]): FuzzArguments {
  const values = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 2) {
    const [flag, value] = [argv[index], argv[index + 1]];
    if (!flag.startsWith('--') || value === undefined) throw new Error(USAGE);
    values.set(flag.slice(2), value);
  }
  const unknown = [...values.keys()].filter(
    (name) => !['seed', 'runs', 'url', 'secret', 'concurrency'].includes(name),
  );
  if (unknown.length > 0) throw new Error(`unknown option --${unknown[0]}\n${USAGE}`);
  const integer = (name: string, fallback: number): number => {
    const value = Number(values.get(name) ?? fallback);
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} takes an integer`);
    return value;
  };
  return {
    seed: integer('seed', randomInt(2 ** 31)),
    runs: integer('runs', 200),
    url: values.get('url'),
    secret: values.get('secret') ?? process.env.ACCEPTANCE_AUTH_SECRET,
    concurrency: Math.max(1, integer('concurrency', 8)),
  };
}

const say = (line: string): void => void process.stdout.write(`${line}\n`);

/**
 * `npm run fuzz`: the long fuzz walk over every operation of `/openapi.json` (the bounded one
 * runs in `npm test`). Against `--url` (with `--secret` or ACCEPTANCE_AUTH_SECRET to sign in),
 * or else against six processes it starts on a stack of its own (`.data/fuzz`). Prints each
 * finding grouped, and exits 1 when there is any.
 */
async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  const system = options.url ? undefined : await startFuzzSystem(say);
  const baseUrl = options.url ?? system?.gatewayUrl ?? '';
  const secret = options.secret ?? system?.acceptanceSecret;
  say(
    `fuzz walk of ${baseUrl}: seed ${options.seed}, ${options.runs} random requests per operation`,
  );
  if (!secret) say('no acceptance secret: every request goes without a session');
  const began = Date.now();
  try {
    const result = await fuzzRunningSystem({
      baseUrl,
      seed: options.seed,
      runsPerOperation: options.runs,
      acceptanceSecret: secret,
      concurrency: options.concurrency,
      say: (line) => say(`  ${line}`),
    });
    const seconds = ((Date.now() - began) / 1000).toFixed(1);
    say(`\n${result.requests} requests over ${result.operations} operations in ${seconds} s`);
    say(`answers by status: ${JSON.stringify(result.statuses)}`);
    const lines = summarizeFindings(result.findings, 3);
    for (const line of lines) say(`FINDING ${line}`);
    say(
      lines.length === 0
        ? 'no findings'
        : `${result.findings.length} findings; replay with --seed ${options.seed}`,
    );
    process.exitCode = lines.length === 0 ? 0 : 1;
  } finally {
    if (system) {
      say(`logs of the walked processes: ${system.logDir}`);
      await system.stop();
    }
  }
}

main().catch((error: unknown) => {
  say(`fuzz: ${(error as Error).message}`);
  process.exit(1);
});
