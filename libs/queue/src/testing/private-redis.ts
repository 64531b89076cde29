import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@cw/testing';
import Redis from 'ioredis';

/** A Redis of a test's own, so that stopping it cannot disturb other test files. */
export class PrivateRedis {
  private process?: ChildProcess;
  private readonly dir = mkdtempSync(join(tmpdir(), 'cw-redis-'));

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.resume();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async resume(): Promise<void> {
    this.process = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--save',
        '',
        '--appendonly',
        'yes',
      ],
      {
        stdio: 'ignore',
      },
    );
    const client = new Redis(this.url, {
      lazyConnect: true,
      retryStrategy: () => 50,
      maxRetriesPerRequest: null,
    });
    try {
      await client.connect().catch(() => undefined);
      await client.ping();
    } finally {
      client.disconnect();
    }
  }

  /**
   * Stops the server with SIGSTOP: connections stay open and commands are taken but never
   * answered, as with a Redis that hangs (until `thaw`).
   */
  freeze(): void {
    this.process?.kill('SIGSTOP');
  }

  thaw(): void {
    this.process?.kill('SIGCONT');
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      // A frozen server would never see the SIGTERM.
      child.kill('SIGCONT');
      child.kill('SIGTERM');
    });
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
