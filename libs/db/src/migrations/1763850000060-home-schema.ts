import type { MigrationInterface, QueryRunner } from 'typeorm';

export class HomeSchema1763850000060 implements MigrationInterface {
  name = 'HomeSchema1763850000060';

  async up(db: QueryRunner): Promise<void> {
    // The wiki's part: one landing rule per folder. It follows the folder through moves (by id);
    // a deleted folder's rule stays with the row and is never read (readers join live folders).
    await db.query(`
      CREATE TABLE wiki.folder_landing_rules (
        folder_id uuid PRIMARY KEY REFERENCES wiki.folders (id) ON DELETE CASCADE,
        company_id uuid NOT NULL,
        title_pattern text NOT NULL CHECK (length(title_pattern) BETWEEN 1 AND 200),
        set_by uuid NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX folder_landing_rules_company_idx ON wiki.folder_landing_rules (company_id)`,
    );
    // The home's part: the chips each person hid, per company (a chip is one person's alone).
    await db.query(`CREATE SCHEMA home`);
    await db.query(`
      CREATE TABLE home.dismissed_chips (
        person_id uuid NOT NULL,
        company_id uuid NOT NULL,
        action_id text NOT NULL CHECK (action_id ~ '^[a-z0-9-]{1,100}$'),
        dismissed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (person_id, company_id, action_id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP SCHEMA home CASCADE`);
    await db.query(`DROP TABLE wiki.folder_landing_rules`);
  }
}
