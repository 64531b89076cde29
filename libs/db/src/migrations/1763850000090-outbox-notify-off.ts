import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Takes back 1763850000080: a transaction that NOTIFYs holds PostgreSQL's one notification lock
 * from its commit until it is durable, so every run start and finish (each appends an outbox
 * event) committed one at a time, and workflow starts fell from about 170 to 70 per second in
 * the benchmarks. The relay polls a cheap probe instead.
 */
export class OutboxNotifyOff1763850000090 implements MigrationInterface {
  name = 'OutboxNotifyOff1763850000090';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER outbox_events_notify ON platform.outbox_events`);
    await db.query(`DROP FUNCTION platform.notify_outbox()`);
  }

  async down(db: QueryRunner): Promise<void> {
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
}
