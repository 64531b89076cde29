import { Resolver as DnsResolver } from 'node:dns/promises';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Resolver } from '@cw/outbound';
import { type TestApp } from '@cw/testing';
import dns2, { type DnsServer } from 'dns2';
import { DataSource } from 'typeorm';
import {
  allSettled,
  finishedRun,
  newHookUser,
  subscribe,
  waitForDeliveries,
} from './hooks-fixtures';
import { startHooksTestApp } from './hooks-test-app';

jest.setTimeout(90_000);

const PUBLIC = '93.184.216.34';

/**
 * A local DNS server whose answer for a name changes after a number of queries: public for the
 * first `publicAnswers`, then `laterAnswer` (a loopback or private address).
 */
async function startRebindingDns(
  names: Record<string, { publicAnswers: number; laterAnswer: string }>,
): Promise<{ server: DnsServer; port: number; queries: Map<string, number> }> {
  const queries = new Map<string, number>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const plan = names[question.name];
      if (plan && question.type === dns2.Packet.TYPE.A) {
        const asked = (queries.get(question.name) ?? 0) + 1;
        queries.set(question.name, asked);
        response.answers.push(
          dns2.Packet.createResourceFromQuestion(question, {
            type: dns2.Packet.TYPE.A,
            class: dns2.Packet.CLASS.IN,
            ttl: 0,
            address: asked <= plan.publicAnswers ? PUBLIC : plan.laterAnswer,
          }),
        );
      }
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  if (!addresses.udp) throw new Error('the DNS server is not listening on UDP');
  return { server, port: addresses.udp.port, queries };
}

/** Resolves A records through the local DNS server only (as a system resolver would). */
function resolverThrough(port: number): Resolver {
  const dns = new DnsResolver({ timeout: 2_000, tries: 1 });
  dns.setServers([`127.0.0.1:${port}`]);
  return async (hostname) =>
    (await dns.resolve4(hostname)).map((address) => ({ address, family: 4 as const }));
}

describe('a DNS answer that changes between the check and the connection (rebinding)', () => {
  let dns: Awaited<ReturnType<typeof startRebindingDns>>;
  let server: TestApp;
  let listener: Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    // The private address a rebinding answer points at: any connection to it is counted.
    listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
    dns = await startRebindingDns({
      'flips-after-check.example': { publicAnswers: 1, laterAnswer: '127.0.0.1' },
      'flips-before-connect.example': { publicAnswers: 2, laterAnswer: '127.0.0.1' },
      'flips-to-private.example': { publicAnswers: 2, laterAnswer: '10.0.0.1' },
    });
    server = await startHooksTestApp({
      resolve: resolverThrough(dns.port),
      env: { HOOKS_ALLOW_LOOPBACK_FOR_TESTS: 'false' },
    });
  });
  afterAll(async () => {
    await server.close();
    await dns.server.close();
    await new Promise((resolve) => listener.close(resolve));
  });

  it.each([
    ['is refused by the check before the send', 'flips-after-check.example', 2],
    ['is refused by the connection’s own lookup', 'flips-before-connect.example', 3],
    ['to a private range is refused the same way', 'flips-to-private.example', 3],
  ])(
    'an answer that turns to a non-public address after registration %s, never reaching it',
    async (_case, name, queriesBeforeRefusal) => {
      const alice = await newHookUser(server.baseUrl);
      const created = await subscribe(server.baseUrl, alice.token, {
        target_url: `https://${name}:${port}/hooks`,
      });
      expect(created.status).toBe(201);
      await finishedRun(server.baseUrl, alice);
      const [delivery] = await waitForDeliveries(
        server.baseUrl,
        { token: alice.token },
        created.body.id,
        allSettled(1),
      );
      expect(delivery).toMatchObject({ state: 'failed', failure_reason: 'blocked', attempts: 0 });
      expect(dns.queries.get(name)).toBe(queriesBeforeRefusal);
      expect(connections).toBe(0);
      const [row]: { n: number }[] = await server.app
        .get(DataSource)
        .query(`SELECT count(*)::int AS n FROM hooks.deliveries WHERE hook_id = $1`, [
          created.body.id,
        ]);
      expect(row.n).toBe(1);
    },
  );
});
