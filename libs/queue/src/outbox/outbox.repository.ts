import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OutboxTopic } from '../queue-names';
import type { OutboxEvent } from './entities/outbox-event.entity';

export type PendingOutboxEvent = Pick<OutboxEvent, 'id' | 'topic' | 'payload'>;

/** A parameterised statement ($1… in `sql`). */
export interface SqlStatement {
  sql: string;
  params: unknown[];
  /**
   * Further data-modifying statements that `insertForRows` runs in the same statement, as
   * `WITH` parts after the write: they may read its rows as `written`, and take `params` too.
   */
  alongside?: readonly string[];
  /**
   * Data-modifying statements that `insertForRows` runs before the write, in the same
   * statement, as `WITH` parts under their names: the write may read their rows (and so happen
   * only when they return one), and they take `params` too.
   */
  preceding?: readonly { name: string; sql: string }[];
}

export interface OutboxBacklog {
  /** Committed events the relay has not handed to their queue yet. */
  events: number;
  /** Age of the oldest of them; 0 when there is none. */
  oldestAgeSeconds: number;
}

@Injectable()
export class OutboxRepository {
  async insert(
    manager: EntityManager,
    topic: OutboxTopic,
    payload: Record<string, unknown>,
  ): Promise<void> {
    await manager.query(`INSERT INTO platform.outbox_events (topic, payload) VALUES ($1, $2)`, [
      topic,
      JSON.stringify(payload),
    ]);
  }

  /**
   * Runs `write`, a data-modifying statement with `RETURNING`, and in the same statement appends
   * one `topic` event for each row it returned, with `payload` (a `jsonb` expression over the
   * returned columns) as the event's payload, and the statements `write` has preceding and
   * alongside. All or nothing: one round trip where a transaction around them takes four or
   * more. Answers the rows `write` returned.
   */
  insertForRows<R>(
    manager: EntityManager,
    topic: OutboxTopic,
    write: SqlStatement,
    payload: string,
  ): Promise<R[]> {
    const preceding = (write.preceding ?? []).map(({ name, sql }) => `${name} AS (${sql}),`);
    const alongside = (write.alongside ?? []).map(
      (sql, index) => `alongside_${index} AS (${sql}),`,
    );
    return manager.query(
      `WITH ${preceding.join(' ')} written AS (${write.sql}), ${alongside.join(' ')}
            appended AS (INSERT INTO platform.outbox_events (topic, payload)
                         SELECT $${write.params.length + 1}::text, ${payload} FROM written)
       SELECT * FROM written`,
      [...write.params, topic],
    );
  }

  /**
   * The oldest unpublished events, locked until the caller's transaction ends; rows another
   * relay holds are skipped, so concurrent relays never take the same event.
   */
  async lockUnpublished(manager: EntityManager, limit: number): Promise<PendingOutboxEvent[]> {
    const events: PendingOutboxEvent[] = await manager.query(
      `SELECT id, topic, payload FROM platform.outbox_events
        WHERE published_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    return events;
  }

  /** Whether any event waits: one probe of the partial index, no transaction (the idle poll). */
  async anyUnpublished(manager: EntityManager): Promise<boolean> {
    const [row]: { waiting: boolean }[] = await manager.query(
      `SELECT EXISTS (SELECT 1 FROM platform.outbox_events WHERE published_at IS NULL) AS waiting`,
    );
    return row.waiting;
  }

  /** Both reads follow the partial index on unpublished rows, so they stay cheap on a scrape. */
  async backlog(manager: EntityManager): Promise<OutboxBacklog> {
    const [row]: { events: number; oldest_age_seconds: number | null }[] = await manager.query(
      `SELECT (SELECT count(*) FROM platform.outbox_events WHERE published_at IS NULL)::int AS events,
              (SELECT extract(epoch FROM now() - created_at) FROM platform.outbox_events
                WHERE published_at IS NULL ORDER BY id LIMIT 1)::float8 AS oldest_age_seconds`,
    );
    return { events: row.events, oldestAgeSeconds: row.oldest_age_seconds ?? 0 };
  }

  async markPublished(manager: EntityManager, ids: readonly string[]): Promise<void> {
    await manager.query(
      `UPDATE platform.outbox_events SET published_at = now() WHERE id = ANY($1)`,
      [ids],
    );
  }
}
