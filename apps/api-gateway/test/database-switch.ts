import { createServer, type Server, type Socket, connect } from 'node:net';

/**
 * A TCP relay in front of a test database that a test can cut: while cut, new connections are
 * refused and open ones are reset, which is what the app sees of a PostgreSQL that stopped. The
 * shared test cluster itself is never touched.
 */
export class DatabaseSwitch {
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly target: URL,
    private port = 0,
  ) {}

  static async start(databaseUrl: string): Promise<DatabaseSwitch> {
    const relay = new DatabaseSwitch(new URL(databaseUrl));
    await relay.restore();
    return relay;
  }

  /** The database's URL through the relay. */
  get url(): string {
    const url = new URL(this.target);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  /** Lets connections through again, on the same port. */
  async restore(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = connect(Number(this.target.port), this.target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : this.port;
    this.server = server;
  }

  /** Refuses new connections and resets the open ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.resetAndDestroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
