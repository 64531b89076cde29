import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OutboxTopic } from '../queue-names';

/**
 * Writes an event in the caller's transaction: it is published if and only if the caller's
 * change commits. The relay does the publishing.
 */
@Injectable()
export class OutboxWriter {
  async append(
    manager: EntityManager,
    topic: OutboxTopic,
    payload: Record<string, unknown>,
  ): Promise<void> {
    await manager.query(`INSERT INTO platform.outbox_events (topic, payload) VALUES ($1, $2)`, [
      topic,
      JSON.stringify(payload),
    ]);
  }
}
