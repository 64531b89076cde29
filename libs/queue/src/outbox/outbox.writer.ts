import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OutboxTopic } from '../queue-names';
import { OutboxRepository, type SqlStatement } from './outbox.repository';

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

  /**
   * `write` (a data-modifying statement with `RETURNING`) and one event per row it returns, in
   * one statement: for a change that is one statement, no transaction is needed around the two.
   * `payload` is a `jsonb` expression over the returned columns; the rows are answered.
   */
  appendForRows<R>(
    manager: EntityManager,
    topic: OutboxTopic,
    write: SqlStatement,
    payload: string,
  ): Promise<R[]> {
    return this.outbox.insertForRows<R>(manager, topic, write, payload);
  }
}
