import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { GATEWAY, SERVICES } from '@cw/platform';
import {
  createTestDatabase,
  databaseUrlFor,
  freePort,
  type TestDatabase,
  testStack,
} from '@cw/testing';
import { buildContext } from '../deploy-check/docker-context';

// No Docker engine here, so this test does what docker/Dockerfile does, in folders: the build
// stage's context (Dockerfile.dockerignore) and `npm run build`, the files stage's
// `stage-image.js`, and the runtime stage's layout (the staged dist/, package.json and the
// installed node_modules). Each service then starts from its runtime folder alone: a file the
// list or the context misses fails the start.
const REPO_ROOT = resolve(__dirname, '../..');
const APPS = [GATEWAY, ...SERVICES].map((app) => app.name);
const START_TIMEOUT_MS = 60_000;
const run = promisify(execFile);

async function buildStage(folder: string): Promise<void> {
  const context = buildContext(REPO_ROOT, join(REPO_ROOT, 'docker/Dockerfile.dockerignore'));
  for (const file of context) {
    mkdirSync(dirname(join(folder, file)), { recursive: true });
    copyFileSync(join(REPO_ROOT, file), join(folder, file));
  }
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(folder, 'node_modules'), 'dir');
  await run(process.execPath, ['tools/build/build.mjs', '--quiet'], { cwd: folder });
}

async function runtimeStage(build: string, app: string, folder: string): Promise<void> {
  const staged = join(folder, 'staged');
  await run(process.execPath, ['dist/tools/build/stage-image.js', app, staged], { cwd: build });
  const runtime = join(folder, app);
  cpSync(join(staged, 'dist'), join(runtime, 'dist'), { recursive: true });
  copyFileSync(join(build, 'package.json'), join(runtime, 'package.json'));
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(runtime, 'node_modules'), 'dir');
  rmSync(staged, { recursive: true });
}

async function startUntilHealthy(
  runtime: string,
  app: string,
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [`dist/apps/${app}/src/main.js`], {
    cwd: runtime,
    env: { ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + START_TIMEOUT_MS; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`${app} exited with ${child.exitCode}: ${stderr}`);
    const health = await fetch(`${baseUrl}/health`).catch(() => undefined);
    if (health?.ok) return { child, baseUrl };
    await new Promise((done) => setTimeout(done, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${app} did not answer /health within ${START_TIMEOUT_MS} ms: ${stderr}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

describe('the service images, assembled as docker/Dockerfile assembles them', () => {
  let folder: string;
  let build: string;
  let database: TestDatabase;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'cw-images-'));
    build = join(folder, 'build');
    await buildStage(build);
    for (const app of APPS) await runtimeStage(build, app, folder);
    database = await createTestDatabase();
  }, 180_000);
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await database?.drop();
  });

  it.each(APPS)(
    '%s starts from its image files alone and answers /health',
    async (app) => {
      const { child, baseUrl } = await startUntilHealthy(join(folder, app), app, {
        ...process.env,
        ...Object.fromEntries(
          SERVICES.map((service) => [service.urlVariable, 'http://127.0.0.1:9']),
        ),
        NODE_ENV: 'production',
        // In production the services refuse to start without the hooks' key-encryption key.
        HOOKS_SECRET_KEY: randomBytes(32).toString('base64'),
        LOG_LEVEL: 'silent',
        DATABASE_URL: database.url,
        REDIS_URL: testStack().redisUrl,
        QUEUE_PREFIX: `cwtest-${randomBytes(4).toString('hex')}`,
      });
      try {
        if (app === GATEWAY.name) {
          // Served from the description file the build wrote: an asset, not a `require`.
          const description = await fetch(`${baseUrl}/openapi.json`);
          expect(description.status).toBe(200);
          const { paths } = (await description.json()) as { paths: Record<string, unknown> };
          expect(Object.keys(paths).some((path) => path.startsWith('/api/wiki/'))).toBe(true);
        }
      } finally {
        await stop(child);
      }
    },
    START_TIMEOUT_MS + 30_000,
  );

  it('the gateway image applies every migration to an empty database (the migrations Job)', async () => {
    const { adminDatabaseUrl } = testStack();
    const name = `cw_test_image_${randomBytes(4).toString('hex')}`;
    const admin = new Client({ connectionString: adminDatabaseUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
      const { stdout } = await run(process.execPath, ['dist/tools/migrations/run-migrations.js'], {
        cwd: join(folder, GATEWAY.name),
        env: { ...process.env, DATABASE_URL: databaseUrlFor(adminDatabaseUrl, name) },
      });
      expect(stdout).toMatch(/^migrations applied: \S+/);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});
