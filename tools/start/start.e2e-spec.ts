import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  call,
  createTestDatabase,
  createTestPage,
  signInTestPerson,
  TEST_ACCEPTANCE_SECRET,
  testStack,
  type TestDatabase,
} from '@cw/testing';
import { failureOf, runExample } from '../e2e/examples/run-example';
import { getLocalStackStatus } from '../local-stack/local-stack';
import { freePort } from '../local-stack/ports';
import { TRY_IT_RECEIVER_PORT } from './try-it';

const REPO_ROOT = join(__dirname, '../..');
const START = join(REPO_ROOT, 'dist/tools/start/start.js');

/** `npm start` as a user runs it: its console output, and the children it started. */
class NpmStart {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  readonly exited: Promise<number | null>;

  constructor(env: Record<string, string>) {
    // The jest process carries the test stack's URLs: `npm start` must see only what a test gives it.
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) => !['DATABASE_URL', 'REDIS_URL', 'ACCEPTANCE_AUTH_SECRET'].includes(name),
      ),
    );
    this.child = spawn(process.execPath, [START], {
      env: { ...inherited, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()));
    this.child.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  async waitForOutput(pattern: RegExp, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(this.stdout)) {
      if (this.child.exitCode !== null) throw new Error(`npm start exited: ${this.stderr}`);
      if (Date.now() > deadline) throw new Error(`no ${pattern} in: ${this.stdout}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** pid of each child process by service name (from its command line). */
  services(): Map<string, number> {
    const listing = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(this.child.pid)], {
      encoding: 'utf8',
    });
    const found = new Map<string, number>();
    for (const line of listing.split('\n')) {
      const match = /^\s*(\d+)\s.*dist\/apps\/([a-z-]+)\/src\/main\.js/.exec(line);
      if (match) found.set(match[2], Number(match[1]));
    }
    return found;
  }
}

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const stackTraceLine = /^\s+at .+\(.+:\d+:\d+\)$/m;

describe('npm start', () => {
  const dataDirs: string[] = [];
  const started: NpmStart[] = [];
  const newDataDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'cw-start-'));
    // PostgreSQL runs as its own user when the tests run as root: it must reach the folder.
    chmodSync(dir, 0o755);
    dataDirs.push(dir);
    return dir;
  };

  afterAll(async () => {
    for (const each of started) {
      if (each.child.exitCode === null) each.child.kill('SIGINT');
      await each.exited;
    }
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  describe('with a bad setting', () => {
    it('says so in one line and stops the PostgreSQL and Redis it started', async () => {
      const dataDir = newDataDir();
      const start = new NpmStart({
        LOCAL_STACK_DATA_DIR: dataDir,
        PORT: String(await freePort()),
        ACCEPTANCE_AUTH_SECRET: 'short',
      });
      started.push(start);
      expect(await start.exited).toBe(1);
      expect(start.stdout).toContain('local stack: starting PostgreSQL');
      expect(start.stderr).toBe(
        'npm start failed: Invalid setting ACCEPTANCE_AUTH_SECRET: ACCEPTANCE_AUTH_SECRET must be at least 16 characters.\n',
      );
      expect(start.stdout).not.toMatch(stackTraceLine);
      const stack = await getLocalStackStatus({ dataDir });
      expect({ postgres: stack.postgres.answering, redis: stack.redis.answering }).toEqual({
        postgres: false,
        redis: false,
      });
    }, 120_000);

    it('names the service that refused it and the setting, in one line', async () => {
      const database = await createTestDatabase();
      try {
        const start = new NpmStart({
          LOCAL_STACK_DATA_DIR: newDataDir(),
          DATABASE_URL: database.url,
          REDIS_URL: testStack().redisUrl,
          PORT: String(await freePort()),
          NODE_ENV: 'production',
          DB_POOL_SIZE: '0',
        });
        started.push(start);
        expect(await start.exited).toBe(1);
        expect(start.stderr).toMatch(
          /^npm start failed: [a-z-]+ stopped during start-up \(exit code 1\): Invalid setting DB_POOL_SIZE: DB_POOL_SIZE must not be less than 1\.\n$/,
        );
        expect(start.stdout).not.toMatch(stackTraceLine);
      } finally {
        await database.drop();
      }
    }, 120_000);
  });

  describe('when the first start fails after the demo seed', () => {
    it('names the late service and the setting, and points to demo:credentials then and later', async () => {
      const database = await createTestDatabase();
      const dataDir = newDataDir();
      const env = {
        LOCAL_STACK_DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        REDIS_URL: testStack().redisUrl,
        NODE_ENV: 'development',
        START_READY_TIMEOUT_S: '1',
      };
      try {
        const first = new NpmStart({ ...env, PORT: String(await freePort()) });
        started.push(first);
        expect(await first.exited).toBe(1);
        expect(first.stdout).toMatch(/\[\s*[\d.]+ s\] migrations: (up to date|\d+ applied)/);
        expect(first.stderr).toMatch(
          /^npm start failed: [a-z-]+ was not ready within 1 s \(its log: .+\/logs\/[a-z-]+\.log\); on a busy machine, raise START_READY_TIMEOUT_S\n/,
        );
        expect(first.stderr).toContain('npm run admin -- demo:credentials');

        const second = new NpmStart({ ...env, PORT: String(await freePort()) });
        started.push(second);
        expect(await second.exited).toBe(1);
        expect(second.stderr).toContain('npm run admin -- demo:credentials');
      } finally {
        await database.drop();
      }
    }, 120_000);
  });

  describe('supervising six processes', () => {
    let database: TestDatabase;
    let start: NpmStart;
    let gateway: string;

    beforeAll(async () => {
      database = await createTestDatabase();
      const port = await freePort();
      gateway = `http://127.0.0.1:${port}`;
      start = new NpmStart({
        LOCAL_STACK_DATA_DIR: newDataDir(),
        DATABASE_URL: database.url,
        REDIS_URL: testStack().redisUrl,
        PORT: String(port),
        NODE_ENV: 'test',
        ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET,
        QUEUE_PREFIX: `cwstart-${process.pid}`,
      });
      started.push(start);
      await start.waitForOutput(/is ready/, 170_000);
    }, 180_000);

    afterAll(async () => {
      await database?.drop();
    });

    it('restarts a killed wiki-service on its port while the gateway keeps answering', async () => {
      const person = await signInTestPerson(gateway);
      const created = await createTestPage(gateway, person, {
        title: 'Survives a kill',
        markdown: 'still here',
      });
      const read = () =>
        call(gateway, 'GET', `/api/wiki/pages/${created.page.public_id}`, {
          cookie: person.cookie,
        });
      const killed = start.services().get('wiki-service')!;
      process.kill(killed, 'SIGKILL');

      const wikiAnswers: number[] = [];
      const gatewayAnswers: number[] = [];
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        gatewayAnswers.push((await call(gateway, 'GET', '/api/auth/api-keys', person)).status);
        const status = (await read()).status;
        wikiAnswers.push(status);
        if (status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(wikiAnswers[0]).toBe(503);
      expect(wikiAnswers.at(-1)).toBe(200);
      expect(new Set(gatewayAnswers)).toEqual(new Set([200]));
      const restarted = start.services().get('wiki-service')!;
      expect(restarted).not.toBe(killed);
      expect(start.stdout).toMatch(
        /wiki-service stopped \(signal SIGKILL\) after [\d.]+ s; restarting in 0\.5 s; log: .+\/logs\/wiki-service\.log/,
      );
      expect(start.stdout).toContain(`wiki-service restarted (pid ${restarted})`);
    }, 90_000);

    it('prints its progress with elapsed seconds and the metrics port of each process', async () => {
      expect(start.stdout).toMatch(/^\[\s*[\d.]+ s\] migrations: /m);
      for (const name of ['api-gateway', 'wiki-service', 'workflow-runner', 'hook-dispatcher']) {
        expect(start.stdout).toMatch(new RegExp(`^\\[\\s*[\\d.]+ s\\] ${name} ready at http`, 'm'));
      }
      const metricsUrls = [
        ...start.stdout.matchAll(/^ {4}[a-z-]+ +(http:\/\/\S+\/metrics)$/gm),
      ].map((match) => match[1]);
      expect(metricsUrls).toHaveLength(6);
      for (const url of metricsUrls) {
        expect(await (await fetch(url)).text()).toContain('cw_http_request_duration_seconds');
      }
    });

    it('prints "Try it" lines that run as printed, whatever workflow 1 of the company is', async () => {
      const key = /API key \(shown once, six scopes\):\n {2}(cwk_\S+)\n/.exec(start.stdout)?.[1];
      expect(key).toBeDefined();
      const other = await call<{ workflow: { number: number } }>(
        gateway,
        'POST',
        '/api/workflows/blocks/design',
        {
          token: key,
          body: {
            start_as: 'active',
            intent: {
              name: 'Not the greeting',
              steps: [{ id: 'note', block: 'text.compose', template: 'Something else.' }],
            },
          },
        },
      );
      expect({ status: other.status, number: other.body.workflow?.number }).toEqual({
        status: 201,
        number: 1,
      });
      const section = start.stdout.split('Try it (bash, with jq):\n')[1]?.split('\n\n')[0] ?? '';
      expect(section).toContain(`KEY=${key}`);
      // Another test on this machine may hold the receiver's port: the lines get a free one.
      const script = section.replace(
        new RegExp(`\\b${TRY_IT_RECEIVER_PORT}\\b`, 'g'),
        String(await freePort()),
      );
      const stateDir = mkdtempSync(join(tmpdir(), 'cw-try-it-'));
      dataDirs.push(stateDir);
      const result = await runExample(script, {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
        stateFile: join(stateDir, 'state'),
        timeoutMs: 100_000,
      });
      if (result.code !== 0 || result.stderr !== '') throw new Error(failureOf(result));
      expect(result.stdout).toContain('{"outcome":"created","path":"/Company/Welcome"}\n');
      expect(result.stdout).toMatch(/^Hello, team\.$/m);
      expect(result.stdout).toMatch(
        /^\{"success":true,"run_id":"[0-9a-f-]{36}","status":"running"\}$/m,
      );
      expect(result.stdout).toMatch(/^delivered: Hello, hooks\.$/m);
      expect(result.stdout).toMatch(/^search_wiki$/m);
    }, 120_000);

    it('stops every process on Ctrl-C and restarts none of them', async () => {
      const children = [...start.services().values()];
      expect(children).toHaveLength(6);
      start.child.kill('SIGINT');
      expect(await start.exited).toBe(0);
      expect(children.filter(isRunning)).toEqual([]);
      const afterStop = start.stdout.slice(start.stdout.indexOf('stopping…'));
      expect(afterStop).not.toContain('restart');
    }, 60_000);
  });
});
