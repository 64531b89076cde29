import { Injectable } from '@nestjs/common';
import { all, first, run, type StatementRunner } from '@cw/db';
import { type Compilable, type OperationNodeSource, type RawBuilder, sql } from 'kysely';
import { platformDb } from '../queue-schema';
import type { OutboxTopic } from '../queue-names';

/** An event the relay hands to its queue. */
export interface PendingOutboxEvent {
  /** `bigint`, read as a string. */
  id: string;
  topic: OutboxTopic;
  payload: Record<string, unknown>;
}

/**
 * A statement another goes around as a `WITH` part: built with Kysely (`db.updateTable(...)`)
 * or written as `sql<Row>` (values are parameters of the whole statement).
 */
export type EmbeddedStatement<Row = unknown> =
  RawBuilder<Row> | (OperationNodeSource & Compilable<Row>);

/** A data-modifying statement with `RETURNING`, and the statements that go with it. */
export interface RowsWrite<Row> {
  write: EmbeddedStatement<Row>;
  /**
   * Data-modifying statements that `insertForRows` runs before the write, in the same
   * statement, as `WITH` parts under their names: the write may read their rows (and so happen
   * only when they return one).
   */
  preceding?: readonly { name: string; statement: EmbeddedStatement }[];
  /**
   * Further data-modifying statements that `insertForRows` runs in the same statement, as
   * `WITH` parts after the write: they may read its rows as `written`.
   */
  alongside?: readonly EmbeddedStatement[];
}

export interface OutboxBacklog {
  /** Committed events the relay has not handed to their queue yet. */
  events: number;
  /** Age of the oldest of them; 0 when there is none. */
  oldestAgeSeconds: number;
}

export const outboxStatements = {
  insert: (topic: OutboxTopic, payload: Record<string, unknown>) =>
    platformDb.insertInto('platform.outbox_events').values({
      topic,
      payload: JSON.stringify(payload),
    }),

  /**
   * `rows.write` and one `topic` event per row it returns, with `payload` (a `jsonb` expression
   * over the returned columns) as the event's payload, with the statements preceding and
   * alongside it: one data-modifying `WITH`, so all or nothing in one round trip. Hand-written:
   * Kysely's `with()` would need the write's tables in this schema's types.
   */
  insertForRows: <Row>(topic: OutboxTopic, rows: RowsWrite<Row>, payload: RawBuilder<unknown>) => {
    const preceding = (rows.preceding ?? []).map(
      ({ name, statement }) => sql`${sql.id(name)} AS (${statement}),\n           `,
    );
    const alongside = (rows.alongside ?? []).map(
      (statement, index) => sql`${sql.id(`alongside_${index}`)} AS (${statement}),\n           `,
    );
    return sql<Row>`
      WITH ${sql.join(preceding, sql``)}written AS (${rows.write}),
           ${sql.join(alongside, sql``)}appended AS (
             INSERT INTO platform.outbox_events (topic, payload)
             SELECT ${topic}::text, ${payload} FROM written)
      SELECT * FROM written`;
  },

  lockUnpublished: (limit: number) =>
    platformDb
      .selectFrom('platform.outbox_events')
      .select(['id', 'topic', 'payload'])
      .where('published_at', 'is', null)
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .$castTo<PendingOutboxEvent>(),

  /** Hand-written: one probe of the partial index on unpublished rows. */
  anyUnpublished: () =>
    sql<{
      waiting: boolean;
    }>`SELECT EXISTS (SELECT 1 FROM platform.outbox_events WHERE published_at IS NULL) AS waiting`,

  /** Hand-written: two scalar reads, each following the partial index on unpublished rows. */
  backlog: () =>
    sql<{ events: number; oldestAgeSeconds: number | null }>`
      SELECT (SELECT count(*) FROM platform.outbox_events WHERE published_at IS NULL)::int AS events,
             (SELECT extract(epoch FROM now() - created_at) FROM platform.outbox_events
               WHERE published_at IS NULL ORDER BY id LIMIT 1)::float8 AS "oldestAgeSeconds"`,

  markPublished: (ids: readonly string[]) =>
    platformDb
      .updateTable('platform.outbox_events')
      .set({ published_at: sql`now()` })
      .where(sql<boolean>`id = ANY(${ids})`),
};

/** `platform.outbox_events`: events written with a change, and their publishing. */
@Injectable()
export class OutboxRepository {
  insert(
    runner: StatementRunner,
    topic: OutboxTopic,
    payload: Record<string, unknown>,
  ): Promise<void> {
    return run(runner, outboxStatements.insert(topic, payload));
  }

  /**
   * Runs `rows.write`, a data-modifying statement with `RETURNING`, and in the same statement
   * appends one `topic` event for each row it returned, with `payload` (a `jsonb` expression
   * over the returned columns) as the event's payload, and the statements `rows` has preceding
   * and alongside. All or nothing: one round trip where a transaction around them takes four or
   * more. Answers the rows the write returned.
   */
  insertForRows<Row>(
    runner: StatementRunner,
    topic: OutboxTopic,
    rows: RowsWrite<Row>,
    payload: RawBuilder<unknown>,
  ): Promise<Row[]> {
    return all(runner, outboxStatements.insertForRows(topic, rows, payload));
  }

  /**
   * The oldest unpublished events, locked until the caller's transaction ends; rows another
   * relay holds are skipped, so concurrent relays never take the same event.
   */
  lockUnpublished(runner: StatementRunner, limit: number): Promise<PendingOutboxEvent[]> {
    return all(runner, outboxStatements.lockUnpublished(limit));
  }

  /** Whether any event waits: one probe of the partial index, no transaction (the idle poll). */
  async anyUnpublished(runner: StatementRunner): Promise<boolean> {
    const row = await first(runner, outboxStatements.anyUnpublished());
    return row?.waiting ?? false;
  }

  /** Both reads follow the partial index on unpublished rows, so they stay cheap on a scrape. */
  async backlog(runner: StatementRunner): Promise<OutboxBacklog> {
    const row = await first(runner, outboxStatements.backlog());
    return { events: row?.events ?? 0, oldestAgeSeconds: row?.oldestAgeSeconds ?? 0 };
  }

  markPublished(runner: StatementRunner, ids: readonly string[]): Promise<void> {
    return run(runner, outboxStatements.markPublished(ids));
  }
}
