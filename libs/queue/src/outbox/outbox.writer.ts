import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OutboxTopic } from '../queue-names';
import { OutboxRepository } from './outbox.repository';

/**
 * Writes an event in the caller's transaction: it is published if and only if the caller's
 * change commits. The relay does the publishing.
 */
@Injectable()
export class OutboxWriter {
  constructor(private readonly outbox: OutboxRepository) {}

  append(
    manager: EntityManager,
    topic: OutboxTopic,
    payload: Record<string, unknown>,
  ): Promise<void> {
    return this.outbox.insert(manager, topic, payload);
  }
}
