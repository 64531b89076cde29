import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createServer, type Server } from 'node:tls';
import { Agent, type Dispatcher, request } from 'undici';
import { closeDispatcher } from './close-dispatcher';

const FIXTURES = join(__dirname, '../fixtures');
/** A certificate the client trusts, issued to another name than the address it dials. */
const CERTIFICATE = readFileSync(join(FIXTURES, 'wrong-name.cert.pem'));
const KEY = readFileSync(join(FIXTURES, 'wrong-name.key.pem'));

describe('closing a dispatcher on shutdown', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer({ cert: CERTIFICATE, key: KEY }, (socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** The agent, with its destroy() watched (undici's own close also destroys, once drained). */
  function watched(agent: Agent): { dispatcher: Dispatcher; destroy: jest.Mock } {
    const destroy = jest.fn(() => agent.destroy());
    const dispatcher = { close: () => agent.close(), destroy } as unknown as Dispatcher;
    return { dispatcher, destroy };
  }

  /** Requests whose connections fail their TLS name check, and a close begun while they connect. */
  function failingNameChecks(agent: Agent): Promise<string[]> {
    return Promise.all(
      Array.from({ length: 3 }, () =>
        request(url, { method: 'POST', body: '{}', dispatcher: agent }).then(
          () => 'answered',
          (error: NodeJS.ErrnoException) => error.code ?? error.name,
        ),
      ),
    );
  }

  it('ends when undici’s own close never would, the requests ending in their errors', async () => {
    const agent = new Agent({ connect: { ca: CERTIFICATE, timeout: 2000 } });
    const { dispatcher, destroy } = watched(agent);
    const outcomes = failingNameChecks(agent);
    const alone = agent.close().then(() => 'closed');
    await closeDispatcher(dispatcher, 300);
    expect(destroy).toHaveBeenCalled();
    expect(await outcomes).toEqual(Array(3).fill('ERR_TLS_CERT_ALTNAME_INVALID'));
    // What the helper guards against: undici's close() is still waiting.
    expect(
      await Promise.race([alone, new Promise((resolve) => setImmediate(resolve, 'waiting'))]),
    ).toBe('waiting');
  });

  it('closes gracefully when the requests in flight end on their own', async () => {
    const agent = new Agent({ connect: { timeout: 2000 } });
    const { dispatcher, destroy } = watched(agent);
    const outcomes = failingNameChecks(agent);
    await closeDispatcher(dispatcher, 5_000);
    expect(await outcomes).toEqual(Array(3).fill('DEPTH_ZERO_SELF_SIGNED_CERT'));
    expect(agent.closed).toBe(true);
    expect(destroy).not.toHaveBeenCalled();
  });
});
