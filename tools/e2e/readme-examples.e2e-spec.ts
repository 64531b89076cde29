import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { SCOPES } from '@cw/domain';
import { testStack } from '@cw/testing';
import { ensureExampleTools } from '../local-stack/binaries';
import { freePort } from '../local-stack/ports';
import { localStartSettings } from '../start/local-settings';
import { type E2eSystem, REPO_ROOT, startE2eSystem } from './e2e-system';
import { linkedPages, missingOutput, shellExamplesOf } from './examples/markdown-examples';
import { failureOf, runExample } from './examples/run-example';

/**
 * Every shell example of README.md and of the docs/ pages it links (and they link), run with
 * bash against one six-process system, page by page in order, as a reader would type them:
 * http://127.0.0.1:3000 is the started gateway, `$KEY` an API key of the demo admin with the
 * six scopes (as `npm start` prints), and the settings the pages name are set. A block that
 * cannot run here says why in `<!-- not run: reason -->` just above it.
 */
const PAGES = linkedPages(REPO_ROOT).map((file) => ({
  file,
  examples: shellExamplesOf(file, readFileSync(join(REPO_ROOT, file), 'utf8')),
}));

const ADMIN_CLI = join(REPO_ROOT, 'dist/tools/admin/admin-cli.js');
/** The receiver port the examples use; each page gets a free one in its place. */
const RECEIVER_PORT = /\b9999\b/g;
/** An example may start processes, build, or wait for a run, on a busy machine. */
const EXAMPLE_TIMEOUT_MS = 150_000;
/** Settings the pages tell the reader to set, as the system was started with them. */
const PAGE_SETTINGS = {
  INTERNAL_API_TOKEN: 'readme-examples-internal-token-0123456789',
  GITHUB_WEBHOOK_SECRET: 'readme-examples-github-secret',
};
/** A client's directory has no redocly.yaml: the checkout's strict rules are not the client's. */
const LEFT_OUT_OF_SCRATCH = new Set(['.git', '.data', 'redocly.yaml']);

const run = promisify(execFile);

/** The team's mail server the contact form sends to: it takes every message. */
async function startMailServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, callback) => {
      stream.resume();
      stream.once('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('the shell examples of README.md and the docs it links, against the six processes', () => {
  let started: E2eSystem;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  let scratch: string;
  let env: NodeJS.ProcessEnv;

  /** The admin CLI as `npm run admin --` runs it, on the system's data; its JSON answer. */
  const admin = async <T>(...args: string[]): Promise<T> => {
    const { stdout } = await run(process.execPath, [ADMIN_CLI, ...args], { env });
    return JSON.parse(stdout) as T;
  };

  beforeAll(async () => {
    await ensureExampleTools((line) => process.stdout.write(`${line}\n`));
    mail = await startMailServer();
    started = await startE2eSystem('readme', {
      env: {
        ...localStartSettings('test', {}),
        ...PAGE_SETTINGS,
        SMTP_URL: mail.url,
        CONTACT_TO: 'team@demo.localhost',
        CONTACT_FROM: 'website@demo.localhost',
      },
    });
    scratch = await mkdtemp(join(tmpdir(), 'cw-readme-examples-'));
    // The examples run in a folder that links the checkout's, so the files they write (an
    // openapi.json, generated types) stay out of it.
    for (const entry of await readdir(REPO_ROOT)) {
      if (!LEFT_OUT_OF_SCRATCH.has(entry))
        await symlink(join(REPO_ROOT, entry), join(scratch, entry));
    }
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LANG: 'C.UTF-8',
      // `npm run admin` and the stack it would find: the system's.
      DATABASE_URL: started.database.url,
      REDIS_URL: testStack().redisUrl,
      QUEUE_PREFIX: started.env.QUEUE_PREFIX,
      HOOKS_SECRET_KEY: started.env.HOOKS_SECRET_KEY,
      ACCEPTANCE_AUTH_SECRET: started.env.ACCEPTANCE_AUTH_SECRET,
      ...PAGE_SETTINGS,
      // cw: the started gateway rather than :3000, and a config folder of this run's own.
      CW_URL: started.gatewayUrl,
      XDG_CONFIG_HOME: join(scratch, 'config'),
    };
    await admin('demo:credentials');
    // A key of its own: `demo:credentials` in the README ends the demo keys before it.
    const key = await admin<{ token: string }>(
      'api-key:create',
      '--company',
      'Demo Company',
      '--person',
      'admin@demo.localhost',
      '--name',
      'readme examples',
      '--scopes',
      SCOPES.join(','),
    );
    env.KEY = key.token;
  }, 240_000);

  afterAll(async () => {
    await started?.stop();
    await mail?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('finds README.md, the docs it links, and their examples', () => {
    expect(PAGES[0]?.file).toBe('README.md');
    expect(PAGES.map((page) => page.file)).toEqual(
      expect.arrayContaining(['docs/api.md', 'docs/workflows.md', 'docs/hooks.md']),
    );
    expect(
      PAGES[0]?.examples.filter((example) => example.notRun === undefined).length,
    ).toBeGreaterThan(2);
  });

  describe.each(PAGES.filter((page) => page.examples.length > 0))('$file', ({ file, examples }) => {
    let receiverPort: string;
    let stateFile: string;

    beforeAll(async () => {
      receiverPort = String(await freePort());
      stateFile = join(scratch, `${file.replace(/\W/g, '_')}.state`);
    });

    /** The page's text as it reads on this system: its gateway and its receiver's port. */
    const onThisSystem = (text: string): string =>
      text
        .replaceAll('127.0.0.1:3000', new URL(started.gatewayUrl).host)
        .replaceAll('localhost:3000', new URL(started.gatewayUrl).host)
        .replace(RECEIVER_PORT, receiverPort);

    for (const example of examples) {
      const where = `${file}:${example.line}`;
      if (example.notRun !== undefined) {
        it(`${where} is not run, and says why`, () => {
          expect({ where, reason: example.notRun }).toEqual({
            where,
            reason: expect.stringMatching(/\S/),
          });
        });
        continue;
      }
      it(
        `${where} runs and prints what its text says`,
        async () => {
          const result = await runExample(onThisSystem(example.code), {
            cwd: scratch,
            env,
            stateFile,
            timeoutMs: EXAMPLE_TIMEOUT_MS,
          });
          if (result.code !== 0) throw new Error(`${where}: ${failureOf(result)}`);
          // A reader sees both streams (redocly, for one, reports on stderr).
          const seen = `${result.stdout}\n${result.stderr}`;
          const missing = missingOutput(seen, example.expected.map(onThisSystem));
          if (missing.length > 0) {
            throw new Error(`${where} did not print ${missing.join(' | ')}: ${failureOf(result)}`);
          }
        },
        EXAMPLE_TIMEOUT_MS + 10_000,
      );
    }
  });
});
