import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A transaction that appends outbox events notifies `cw_outbox` when it commits (one
 * notification per statement; PostgreSQL folds identical ones within a transaction), so a
 * listening relay publishes at once instead of at its next poll.
 */
export class OutboxNotify1763850000080 implements MigrationInterface {
  name = 'OutboxNotify1763850000080';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION platform.notify_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('cw_outbox', '');
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER outbox_events_notify AFTER INSERT ON platform.outbox_events
        FOR EACH STATEMENT EXECUTE FUNCTION platform.notify_outbox()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER outbox_events_notify ON platform.outbox_events`);
    await db.query(`DROP FUNCTION platform.notify_outbox()`);
  }
}
