import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The `queues.manage` operator grant: the queue dashboard (retry, clean, pause jobs). */
export class OperatorGrantQueues1763850000030 implements MigrationInterface {
  name = 'OperatorGrantQueues1763850000030';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE identity.operator_grants
        DROP CONSTRAINT operator_grants_requirement_check,
        ADD CONSTRAINT operator_grants_requirement_check
          CHECK (requirement IN ('feedback.view', 'testing.authorize', 'queues.manage'))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM identity.operator_grants WHERE requirement = 'queues.manage'`);
    await db.query(`
      ALTER TABLE identity.operator_grants
        DROP CONSTRAINT operator_grants_requirement_check,
        ADD CONSTRAINT operator_grants_requirement_check
          CHECK (requirement IN ('feedback.view', 'testing.authorize'))`);
  }
}
