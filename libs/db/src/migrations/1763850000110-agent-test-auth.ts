import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Agent-test sign-in helpers (test environments only): grants a testbed operator approves in a
 * browser before an agent exchanges them for an API key, and one-time sign-in links for a
 * testbed member's unattended browser. Both belong to a membership and end with it; a link is
 * stored only as the SHA-256 of its token.
 */
export class AgentTestAuth1763850000110 implements MigrationInterface {
  name = 'AgentTestAuth1763850000110';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE identity.agent_test_grants (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL REFERENCES identity.companies (id) ON DELETE CASCADE,
        person_id uuid NOT NULL REFERENCES identity.people (id) ON DELETE CASCADE,
        scopes text[] NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        approved_at timestamptz,
        approved_by uuid REFERENCES identity.people (id) ON DELETE SET NULL,
        exchanged_at timestamptz,
        api_key_id uuid REFERENCES identity.api_keys (id) ON DELETE SET NULL,
        FOREIGN KEY (company_id, person_id)
          REFERENCES identity.memberships (company_id, person_id) ON DELETE CASCADE
      )`);
    await db.query(
      `CREATE INDEX agent_test_grants_person_idx ON identity.agent_test_grants (person_id)`,
    );
    await db.query(`
      CREATE TABLE identity.agent_test_sign_in_links (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash bytea NOT NULL UNIQUE,
        company_id uuid NOT NULL REFERENCES identity.companies (id) ON DELETE CASCADE,
        person_id uuid NOT NULL REFERENCES identity.people (id) ON DELETE CASCADE,
        created_by uuid NOT NULL REFERENCES identity.people (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        FOREIGN KEY (company_id, person_id)
          REFERENCES identity.memberships (company_id, person_id) ON DELETE CASCADE
      )`);
    await db.query(
      `CREATE INDEX agent_test_sign_in_links_person_idx ON identity.agent_test_sign_in_links (person_id)`,
    );
    await db.query(`ALTER TABLE identity.sessions DROP CONSTRAINT sessions_kind_check`);
    await db.query(
      `ALTER TABLE identity.sessions ADD CONSTRAINT sessions_kind_check
         CHECK (kind IN ('password', 'acceptance', 'agent_test'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM identity.sessions WHERE kind = 'agent_test'`);
    await db.query(`ALTER TABLE identity.sessions DROP CONSTRAINT sessions_kind_check`);
    await db.query(
      `ALTER TABLE identity.sessions ADD CONSTRAINT sessions_kind_check
         CHECK (kind IN ('password', 'acceptance'))`,
    );
    await db.query(`DROP TABLE identity.agent_test_sign_in_links`);
    await db.query(`DROP TABLE identity.agent_test_grants`);
  }
}
