import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Outbox1763850000001 implements MigrationInterface {
  name = 'Outbox1763850000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE SCHEMA platform`);
    await db.query(`
      CREATE TABLE platform.outbox_events (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        topic text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    await db.query(
      `CREATE INDEX outbox_events_unpublished_idx ON platform.outbox_events (id) WHERE published_at IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP SCHEMA platform CASCADE`);
  }
}
