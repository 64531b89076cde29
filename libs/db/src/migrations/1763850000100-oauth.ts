import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * OAuth 2.1 for MCP clients. A sign-in is one approval of one client by one person in one
 * company; its access and refresh tokens hang off it, so that ending the sign-in ends them all.
 * Tokens and codes are stored only as SHA-256 hashes. Leaving the company (the membership row
 * going) removes the person's sign-ins with it.
 */
export class OAuth1763850000100 implements MigrationInterface {
  name = 'OAuth1763850000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE identity.oauth_clients (
        id text PRIMARY KEY CHECK (id ~ '^cwc_[A-Za-z0-9_-]{16,}$'),
        client_name text NOT NULL CHECK (length(client_name) BETWEEN 1 AND 200),
        client_uri text CHECK (length(client_uri) <= 2000),
        redirect_uris text[] NOT NULL CHECK (cardinality(redirect_uris) BETWEEN 1 AND 10),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE identity.oauth_sign_ins (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        client_id text NOT NULL REFERENCES identity.oauth_clients (id) ON DELETE CASCADE,
        company_id uuid NOT NULL,
        person_id uuid NOT NULL,
        -- The browser session that approved it: signing that session out ends the sign-in.
        session_id uuid REFERENCES identity.sessions (id) ON DELETE SET NULL,
        scopes text[] NOT NULL,
        offline boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        revoked_reason text CHECK (
          revoked_reason IN ('revoked', 'signed_out', 'reauthorized', 'refresh_reuse', 'code_replay')
        ),
        CHECK ((revoked_at IS NULL) = (revoked_reason IS NULL)),
        FOREIGN KEY (company_id, person_id)
          REFERENCES identity.memberships (company_id, person_id) ON DELETE CASCADE
      )`);
    await db.query(
      `CREATE INDEX oauth_sign_ins_live_person_idx ON identity.oauth_sign_ins (person_id, client_id) WHERE revoked_at IS NULL`,
    );
    await db.query(
      `CREATE INDEX oauth_sign_ins_live_session_idx ON identity.oauth_sign_ins (session_id) WHERE revoked_at IS NULL`,
    );
    await db.query(`
      CREATE TABLE identity.oauth_authorization_codes (
        code_hash bytea PRIMARY KEY,
        client_id text NOT NULL REFERENCES identity.oauth_clients (id) ON DELETE CASCADE,
        company_id uuid NOT NULL,
        person_id uuid NOT NULL,
        session_id uuid REFERENCES identity.sessions (id) ON DELETE SET NULL,
        redirect_uri text NOT NULL,
        scopes text[] NOT NULL,
        code_challenge text NOT NULL,
        resource text,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        -- Set when a used code is presented again: the sign-in issued from it is revoked.
        replayed_at timestamptz,
        sign_in_id uuid REFERENCES identity.oauth_sign_ins (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (company_id, person_id)
          REFERENCES identity.memberships (company_id, person_id) ON DELETE CASCADE
      )`);
    await db.query(
      `CREATE INDEX oauth_authorization_codes_expiry_idx ON identity.oauth_authorization_codes (expires_at)`,
    );
    await db.query(`
      CREATE TABLE identity.oauth_access_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash bytea NOT NULL UNIQUE,
        sign_in_id uuid NOT NULL REFERENCES identity.oauth_sign_ins (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now(),
        -- Slides to 30 days after the last use (written at most once a minute).
        expires_at timestamptz NOT NULL
      )`);
    await db.query(
      `CREATE INDEX oauth_access_tokens_sign_in_idx ON identity.oauth_access_tokens (sign_in_id, expires_at)`,
    );
    await db.query(`
      CREATE TABLE identity.oauth_refresh_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash bytea NOT NULL UNIQUE,
        sign_in_id uuid NOT NULL REFERENCES identity.oauth_sign_ins (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        -- Set when it is exchanged: presenting it again revokes the whole sign-in.
        used_at timestamptz
      )`);
    await db.query(
      `CREATE INDEX oauth_refresh_tokens_sign_in_idx ON identity.oauth_refresh_tokens (sign_in_id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE identity.oauth_refresh_tokens`);
    await db.query(`DROP TABLE identity.oauth_access_tokens`);
    await db.query(`DROP TABLE identity.oauth_authorization_codes`);
    await db.query(`DROP TABLE identity.oauth_sign_ins`);
    await db.query(`DROP TABLE identity.oauth_clients`);
  }
}
