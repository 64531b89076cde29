import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentitySchema1763850000000 implements MigrationInterface {
  name = 'IdentitySchema1763850000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE SCHEMA identity`);
    await db.query(`
      CREATE TABLE identity.companies (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        legacy_id bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX companies_name_key ON identity.companies (lower(name))`);
    await db.query(`
      CREATE TABLE identity.people (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        password_hash text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX people_email_key ON identity.people (lower(email))`);
    await db.query(`
      CREATE TABLE identity.memberships (
        company_id uuid NOT NULL REFERENCES identity.companies (id) ON DELETE CASCADE,
        person_id uuid NOT NULL REFERENCES identity.people (id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('admin', 'member')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (company_id, person_id)
      )`);
    await db.query(`CREATE INDEX memberships_person_idx ON identity.memberships (person_id)`);
    await db.query(`
      CREATE TABLE identity.teams (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL REFERENCES identity.companies (id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE UNIQUE INDEX teams_company_name_key ON identity.teams (company_id, lower(name))`,
    );
    await db.query(`
      CREATE TABLE identity.team_memberships (
        team_id uuid NOT NULL REFERENCES identity.teams (id) ON DELETE CASCADE,
        person_id uuid NOT NULL REFERENCES identity.people (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (team_id, person_id)
      )`);
    await db.query(
      `CREATE INDEX team_memberships_person_idx ON identity.team_memberships (person_id)`,
    );
    // A credential lives only while its membership does: leaving the company ends it.
    await db.query(`
      CREATE TABLE identity.sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash bytea NOT NULL UNIQUE,
        company_id uuid NOT NULL,
        person_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('password', 'acceptance')),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        FOREIGN KEY (company_id, person_id)
          REFERENCES identity.memberships (company_id, person_id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX sessions_person_idx ON identity.sessions (person_id)`);
    await db.query(`
      CREATE TABLE identity.api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash bytea NOT NULL UNIQUE,
        token_prefix text NOT NULL,
        company_id uuid NOT NULL,
        person_id uuid NOT NULL,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
        scopes text[] NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz,
        FOREIGN KEY (company_id, person_id)
          REFERENCES identity.memberships (company_id, person_id) ON DELETE CASCADE
      )`);
    await db.query(
      `CREATE INDEX api_keys_live_person_idx ON identity.api_keys (person_id) WHERE revoked_at IS NULL`,
    );
    await db.query(`
      CREATE TABLE identity.operator_grants (
        person_id uuid NOT NULL REFERENCES identity.people (id) ON DELETE CASCADE,
        requirement text NOT NULL CHECK (requirement IN ('feedback.view', 'testing.authorize')),
        granted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (person_id, requirement)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP SCHEMA identity CASCADE`);
  }
}
