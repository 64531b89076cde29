import { Injectable } from '@nestjs/common';
import type { StatementRunner } from '@cw/db';
import type { RawBuilder } from 'kysely';
import type { OutboxTopic } from '../queue-names';
import { OutboxRepository, type RowsWrite } from './outbox.repository';

/**
 * Writes an event in the caller's transaction: it is published if and only if the caller's
 * change commits. The relay does the publishing.
 */
@Injectable()
export class OutboxWriter {
  constructor(private readonly outbox: OutboxRepository) {}

  append(
    manager: StatementRunner,
    topic: OutboxTopic,
    payload: Record<string, unknown>,
  ): Promise<void> {
    return this.outbox.insert(manager, topic, payload);
  }

  /**
   * `rows.write` (a data-modifying statement with `RETURNING`, Kysely-built or `sql<Row>`) and
   * one event per row it returns, in one statement with `rows.preceding` and `rows.alongside`:
   * for a change that is one statement, no transaction is needed around the two. `payload` is a
   * `jsonb` expression (`sql`) over the returned columns; the rows are answered.
   */
  appendForRows<Row>(
    manager: StatementRunner,
    topic: OutboxTopic,
    rows: RowsWrite<Row>,
    payload: RawBuilder<unknown>,
  ): Promise<Row[]> {
    return this.outbox.insertForRows(manager, topic, rows, payload);
  }
}
