import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import {
  call,
  createTestDatabase,
  TEST_ACCEPTANCE_SECRET,
  testStack,
  type TestDatabase,
} from '@cw/testing';
import { freePort } from '../local-stack/ports';
import { type RunningSystem, startSystem, type SystemOptions } from './system';

const REPO_ROOT = join(__dirname, '../..');

/**
 * Another process on the port, as one that took it between the free-port check and the bind:
 * another system's service, which answers `/ready` with 200 as well.
 */
function occupy(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"status":"ready"}');
    });
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('startSystem ports and readiness', () => {
  let database: TestDatabase;
  let common: Omit<SystemOptions, 'mode' | 'gatewayPort'>;
  const strangers: Server[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    common = {
      databaseUrl: database.url,
      redisUrl: testStack().redisUrl,
      logDir: join(REPO_ROOT, '.data', 'logs', 'e2e-ports'),
      distDir: join(REPO_ROOT, 'dist'),
      env: {
        ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET,
        QUEUE_PREFIX: `cwports-${process.pid}`,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
      },
    };
  });

  afterAll(async () => {
    await Promise.all(strangers.map((server) => new Promise((r) => server.close(r))));
    await database?.drop();
  });

  describe('six processes, when a service port and a metrics port are taken before the bind', () => {
    let system: RunningSystem;
    const lines: string[] = [];
    const lost: Record<string, number> = {};

    beforeAll(async () => {
      system = await startSystem({
        ...common,
        mode: 'six-processes',
        gatewayPort: await freePort(),
        metrics: true,
        say: (line) => lines.push(line),
        beforeLaunch: async (name, [port, metricsPort]) => {
          // The wiki-service loses its service port, the hook-dispatcher its metrics port.
          const taken = { 'wiki-service': port, 'hook-dispatcher': metricsPort }[name];
          if (taken === undefined || lost[name] !== undefined) return;
          lost[name] = taken;
          strangers.push(await occupy(taken));
        },
      });
    }, 180_000);

    afterAll(async () => {
      await system?.stop();
    });

    it('starts the service again on other ports, and the gateway reaches it there', async () => {
      const wiki = system.processes.find((each) => each.name === 'wiki-service')!;
      expect(new URL(wiki.url).port).not.toBe(String(lost['wiki-service']));
      const hooks = system.processes.find((each) => each.name === 'hook-dispatcher')!;
      expect(new URL(hooks.metricsUrl!).port).not.toBe(String(lost['hook-dispatcher']));
      const retries = lines.filter((line) => line.includes('starting it again on other ports'));
      expect(retries.sort()).toEqual([
        expect.stringMatching(/^hook-dispatcher stopped during start-up .*EADDRINUSE/),
        expect.stringMatching(/^wiki-service stopped during start-up .*EADDRINUSE/),
      ]);
      const answer = await call<{ error: { code: string } }>(
        system.gatewayUrl,
        'GET',
        '/api/wiki/no-such-route',
      );
      // The wiki-service's own 404 for a route it lacks, not the gateway's 503 for a service away.
      expect([answer.status, answer.body.error.code]).toEqual([404, 'NOT_FOUND']);
    });

    it('gives each of the six processes a metrics port of its own that serves cw_* series', async () => {
      const urls = system.processes.map((each) => each.metricsUrl!);
      expect(system.processes).toHaveLength(6);
      expect(new Set(urls.map((url) => new URL(url).port)).size).toBe(6);
      for (const url of urls) {
        const response = await fetch(url);
        expect(response.status).toBe(200);
        expect(await response.text()).toContain('cw_http_request_duration_seconds_bucket');
      }
    });
  });

  it('names the process, its log and START_READY_TIMEOUT_S when a process is not ready in time', async () => {
    await expect(
      startSystem({
        ...common,
        mode: 'single-process',
        gatewayPort: await freePort(),
        readyTimeoutMs: 1,
      }),
    ).rejects.toThrow(
      `single-process was not ready within 0.001 s (its log: ${join(common.logDir, 'single-process.log')}); on a busy machine, raise START_READY_TIMEOUT_S`,
    );
  }, 60_000);
});
