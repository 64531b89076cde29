import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The hash of the lease token an intake `result` released, so that a retry of that same result
 * (its answer lost on the way back) gets the same answer instead of 409. A new claim clears it.
 */
export class FeedbackReleasedLease1763850000052 implements MigrationInterface {
  name = 'FeedbackReleasedLease1763850000052';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE feedback.reports ADD COLUMN released_lease_token_hash bytea`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE feedback.reports DROP COLUMN released_lease_token_hash`);
  }
}
