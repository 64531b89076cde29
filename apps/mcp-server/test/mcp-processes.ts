import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { GATEWAY, SERVICES } from '@cw/platform';
import { freePort, TEST_ACCEPTANCE_SECRET, type TestDatabase, testStack } from '@cw/testing';

const DIST = join(__dirname, '../../../dist/apps');
const READY_TIMEOUT_MS = 60_000;

interface Started {
  url: string;
  child: ChildProcess;
}

/**
 * The deployed shape with the mcp-server scaled to two replicas: the five services, two
 * mcp-server processes behind a round-robin balancer (what a Kubernetes Service does), and the
 * gateway forwarding `/mcp` to the balancer. Each replica calls REST through the gateway.
 */
export interface McpReplicaSystem {
  gatewayUrl: string;
  replicaUrls: string[];
  /** How many requests the balancer sent to each replica. */
  served: number[];
  stop(): Promise<void>;
}

function launch(app: string, port: number, env: Record<string, string>): Started {
  const child = spawn(process.execPath, [join(DIST, app, 'src/main.js')], {
    env: { ...process.env, ...env, SERVICE_NAME: app, HOST: '127.0.0.1', PORT: String(port) },
    stdio: 'ignore',
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

async function ready(started: Started, path: string): Promise<void> {
  for (const deadline = Date.now() + READY_TIMEOUT_MS; Date.now() < deadline;) {
    if (started.child.exitCode !== null) throw new Error(`${started.url} exited`);
    const answer = await fetch(`${started.url}${path}`).catch(() => undefined);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${started.url} was not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

/** Sends each request to the next replica in turn, byte for byte. */
async function roundRobin(
  targets: string[],
  served: number[],
): Promise<{ url: string; server: Server }> {
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % targets.length;
    served[index] += 1;
    const upstream = forward(
      `${targets[index]}${incoming.url}`,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

export async function startMcpReplicaSystem(database: TestDatabase): Promise<McpReplicaSystem> {
  const common = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    REDIS_URL: testStack().redisUrl,
    QUEUE_PREFIX: `cwe2e-${randomBytes(4).toString('hex')}`,
    ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET,
  };
  const gatewayPort = await freePort();
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const processes: Started[] = [];
  const served = [0, 0];
  let balancer: Server | undefined;
  const stop = async (): Promise<void> => {
    balancer?.close();
    await Promise.all(
      processes.map(async ({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }),
    );
  };
  try {
    const serviceUrls: Record<string, string> = {};
    for (const service of SERVICES.filter((each) => each.name !== 'mcp-server')) {
      const started = launch(service.name, await freePort(), common);
      processes.push(started);
      serviceUrls[service.urlVariable] = started.url;
    }
    const replicas = [await freePort(), await freePort()].map((port) =>
      launch('mcp-server', port, { ...common, MCP_API_URL: gatewayUrl }),
    );
    processes.push(...replicas);
    const balanced = await roundRobin(
      replicas.map((replica) => replica.url),
      served,
    );
    balancer = balanced.server;
    const gateway = launch(GATEWAY.name, gatewayPort, {
      ...common,
      ...serviceUrls,
      MCP_SERVER_URL: balanced.url,
    });
    processes.push(gateway);
    await Promise.all(processes.map((started) => ready(started, '/health')));
    return { gatewayUrl, replicaUrls: replicas.map((replica) => replica.url), served, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
