import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureLocalStack, getLocalStackStatus, stopLocalStack } from './local-stack';
import { readStackPorts } from './ports';

/** A stranger on the port: it accepts connections and answers nothing, as another program would. */
function occupy(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.destroy());
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('the local stack, when another process takes a chosen port before the bind', () => {
  let dataDir: string;
  const strangers: Server[] = [];

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cw-port-race-'));
    // PostgreSQL runs as its own user when the tests run as root: it must reach the folder.
    chmodSync(dataDir, 0o755);
  });

  afterAll(async () => {
    await stopLocalStack({ dataDir, log: () => undefined });
    await Promise.all(strangers.map((server) => new Promise((r) => server.close(r))));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts PostgreSQL and Redis on other ports, and records the ports they got', async () => {
    const lost: Record<string, number> = {};
    const lines: string[] = [];
    const stack = await ensureLocalStack({
      dataDir,
      log: (line) => lines.push(line),
      beforeBind: async (server, port) => {
        if (lost[server] !== undefined) return;
        lost[server] = port;
        strangers.push(await occupy(port));
      },
    });

    expect(Object.keys(lost).sort()).toEqual(['postgres', 'redis']);
    expect(stack.postgresPort).not.toBe(lost.postgres);
    expect(stack.redisPort).not.toBe(lost.redis);
    expect(readStackPorts(dataDir)).toEqual({
      postgresPort: stack.postgresPort,
      redisPort: stack.redisPort,
    });
    const status = await getLocalStackStatus({ dataDir });
    expect([status.postgres.answering, status.redis.answering]).toEqual([true, true]);
    for (const [server, port] of Object.entries(lost)) {
      expect(lines).toContain(
        `port ${port} was taken before it could be bound (see ${join(dataDir, server === 'redis' ? 'redis.log' : 'postgres.log')}); trying another port`,
      );
    }
  }, 120_000);
});
