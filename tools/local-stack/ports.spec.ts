import { createServer, type Server } from 'node:net';
import { freePort, isPortFree, PortTakenError, startOnChosenPort } from './ports';

/** Another process taking the port: a listener on it, as a competing server would hold it. */
function occupy(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** Binds like a real server: PortTakenError when the port is held. */
function bindOrLose(port: number): Promise<Server> {
  return occupy(port).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') throw new PortTakenError(port, error.message);
    throw error;
  });
}

describe('startOnChosenPort', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((r) => server.close(r))));
  });

  it('binds another port when the chosen one is taken between the check and the bind', async () => {
    const lost: number[] = [];
    const lines: string[] = [];
    const server = await startOnChosenPort({
      wanted: await freePort(),
      beforeBind: async (port) => {
        if (lost.length === 0) {
          lost.push(port);
          servers.push(await occupy(port));
        }
      },
      start: bindOrLose,
      log: (line) => lines.push(line),
    });
    servers.push(server);
    const bound = (server.address() as { port: number }).port;
    expect(lost).toHaveLength(1);
    expect(bound).not.toBe(lost[0]);
    expect(await isPortFree(lost[0])).toBe(false);
    expect(lines).toEqual([
      `port ${lost[0]} was taken before it could be bound (listen EADDRINUSE: address already in use 127.0.0.1:${lost[0]}); trying another port`,
    ]);
  });

  it('gives up after its attempts, with the last lost race', async () => {
    const taken: number[] = [];
    const wanted = await freePort();
    await expect(
      startOnChosenPort({
        wanted,
        attempts: 3,
        beforeBind: async (port) => {
          taken.push(port);
          servers.push(await occupy(port));
        },
        start: bindOrLose,
      }),
    ).rejects.toThrow(PortTakenError);
    expect(taken[0]).toBe(wanted);
    expect(new Set(taken).size).toBe(3);
  });

  it('does not retry a failure that is not a lost race', async () => {
    let starts = 0;
    await expect(
      startOnChosenPort({
        wanted: await freePort(),
        start: async () => {
          starts += 1;
          throw new Error('bad configuration');
        },
      }),
    ).rejects.toThrow('bad configuration');
    expect(starts).toBe(1);
  });
});
