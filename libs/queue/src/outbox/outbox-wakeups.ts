import type { Logger } from '@nestjs/common';
import { Client } from 'pg';

/** The channel a committed outbox append notifies (migration 1763850000080). */
export const OUTBOX_CHANNEL = 'cw_outbox';

const MAX_RECONNECT_MS = 30_000;

export interface OutboxWakeupsOptions {
  url: string;
  applicationName?: string;
  /** Called on each notification, and once each time listening (re)starts. */
  onWake: () => void;
  logger: Logger;
}

/**
 * One dedicated connection LISTENing on the outbox channel, so the relay publishes as soon as an
 * event commits. It reconnects with backoff; while it is down (or behind a pooler that cannot
 * LISTEN) the relay's polling still publishes everything, only later.
 */
export class OutboxWakeups {
  private client?: Client;
  private readonly lostClients = new WeakSet<Client>();
  private reconnectTimer?: NodeJS.Timeout;
  private failures = 0;
  private stopped = false;

  constructor(private readonly options: OutboxWakeupsOptions) {}

  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    if (client) {
      this.lostClients.add(client);
      await client.end().catch(() => undefined);
    }
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({
      connectionString: this.options.url,
      application_name: this.options.applicationName,
    });
    client.on('notification', () => this.options.onWake());
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.stopped || this.lostClients.has(client)) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.failures = 0;
    // Whatever committed while nobody listened is published now.
    this.options.onWake();
  }

  private lost(client: Client, error?: Error): void {
    if (this.lostClients.has(client)) return;
    this.lostClients.add(client);
    if (this.client === client) this.client = undefined;
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.failures += 1;
    const delay = Math.min(500 * 2 ** (this.failures - 1), MAX_RECONNECT_MS);
    this.options.logger.warn(
      `outbox wake-ups lost (${error?.message ?? 'connection ended'}); polling meanwhile, listening again in ${delay} ms`,
    );
    this.reconnectTimer = setTimeout(() => void this.connect(), delay);
  }
}
