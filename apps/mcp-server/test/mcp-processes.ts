import { randomBytes } from 'node:crypto';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GATEWAY, SERVICES } from '@cw/platform';
import {
  type CompiledProcess,
  freePort,
  launchCompiled,
  TEST_ACCEPTANCE_SECRET,
  type TestDatabase,
  testStack,
  untilAnswering,
} from '@cw/testing';

/** Seven processes start at once on two cores. */
const READY_TIMEOUT_MS = 60_000;

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

function launch(app: string, port: number, env: Record<string, string>): Promise<CompiledProcess> {
  return launchCompiled({
    entry: `apps/${app}/src/main.js`,
    port,
    env: { ...env, SERVICE_NAME: app },
  });
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
  const processes: CompiledProcess[] = [];
  const served = [0, 0];
  let balancer: Server | undefined;
  const stop = async (): Promise<void> => {
    balancer?.close();
    await Promise.all(processes.map((started) => started.stop()));
  };
  try {
    const serviceUrls: Record<string, string> = {};
    for (const service of SERVICES.filter((each) => each.name !== 'mcp-server')) {
      const started = await launch(service.name, await freePort(), common);
      processes.push(started);
      serviceUrls[service.urlVariable] = started.url;
    }
    const replicas = await Promise.all(
      [await freePort(), await freePort()].map((port) =>
        launch('mcp-server', port, { ...common, MCP_API_URL: gatewayUrl }),
      ),
    );
    processes.push(...replicas);
    const balanced = await roundRobin(
      replicas.map((replica) => replica.url),
      served,
    );
    balancer = balanced.server;
    const gateway = await launch(GATEWAY.name, gatewayPort, {
      ...common,
      ...serviceUrls,
      MCP_SERVER_URL: balanced.url,
    });
    processes.push(gateway);
    await Promise.all(
      processes.map((started) => untilAnswering(started, '/health', READY_TIMEOUT_MS)),
    );
    return { gatewayUrl, replicaUrls: replicas.map((replica) => replica.url), served, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
