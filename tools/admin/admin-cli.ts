import { runMigrations } from '@cw/db';
import { loadConfig } from '@cw/platform';
import { ensureLocalStack } from '../local-stack/local-stack';
import { StackUrlsConfig } from '../local-stack/local-stack.config';
import { withAdminContext } from './admin-context';
import { COMMANDS, InvalidValueError, type Options, UsageError } from './admin-commands';

function parseOptions(args: string[]): Options {
  const options: Options = {};
  for (let index = 0; index < args.length; index += 1) {
    const flag = args[index];
    if (!flag.startsWith('--')) {
      if (options._ !== undefined) throw new UsageError(`unexpected argument ${flag}`);
      options._ = flag;
      continue;
    }
    options[flag.slice(2)] = args[index + 1];
    index += 1;
  }
  return options;
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function usage(): string {
  return [
    'usage: npm run admin -- <command> [--option value ...]',
    ...Object.values(COMMANDS).map((c) => `  ${c.usage}`),
  ].join('\n');
}

/** `npm run admin -- <command>`: directory administration; prints JSON. */
async function main(): Promise<void> {
  const [name, ...rest] = process.argv.slice(2);
  if (name === 'help' || name === '--help') {
    process.stdout.write(`${usage()}\n`);
    return;
  }
  const command = name ? COMMANDS[name] : undefined;
  if (!command) throw new UsageError(name ? `unknown command ${name}` : 'no command given');
  const options = parseOptions(rest);
  const given = loadConfig(StackUrlsConfig);
  if (!given.DATABASE_URL || !given.REDIS_URL) {
    const stack = await ensureLocalStack({
      log: (line) => process.stderr.write(`local stack: ${line}\n`),
    });
    const databaseUrl = given.DATABASE_URL ?? stack.databaseUrl;
    // The admin context reads its settings from the environment, as every service does.
    process.env.DATABASE_URL = databaseUrl;
    process.env.REDIS_URL = given.REDIS_URL ?? stack.redisUrl;
    await runMigrations(databaseUrl);
  }
  const result = await withAdminContext((context) =>
    command.run(context, options, { readPassword: readStdin }),
  );
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`admin: ${(error as Error).message}\n`);
  if (error instanceof UsageError && !(error instanceof InvalidValueError)) {
    process.stderr.write(`${usage()}\n`);
  }
  process.exit(error instanceof UsageError ? 2 : 1);
});
