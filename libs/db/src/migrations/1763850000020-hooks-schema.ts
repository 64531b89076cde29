import type { MigrationInterface, QueryRunner } from 'typeorm';

export class HooksSchema1763850000020 implements MigrationInterface {
  name = 'HooksSchema1763850000020';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE SCHEMA hooks`);
    // A hook belongs to the person (in one company) whose bearer credential registered it; it
    // delivers only while that credential is live. An ended hook keeps its row and its history.
    // `signed` is false only for legacy hooks registered before signing: every new hook is signed,
    // and a signed hook whose key is missing never sends.
    await db.query(`
      CREATE TABLE hooks.hooks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CHECK (kind IN ('callback', 'subscription')),
        company_id uuid NOT NULL,
        owner_id uuid NOT NULL,
        credential_kind text NOT NULL CHECK (credential_kind IN ('api_key', 'oauth_access')),
        credential_id uuid NOT NULL,
        target_url text NOT NULL CHECK (length(target_url) <= 2048),
        report_id uuid,
        workflow_id uuid,
        statuses text[],
        signed boolean NOT NULL DEFAULT true,
        state text NOT NULL DEFAULT 'live' CHECK (state IN ('live', 'ended')),
        ended_reason text CHECK (ended_reason IN
          ('deleted', 'receiver_gone', 'credential_ended', 'undeliverable')),
        created_at timestamptz NOT NULL DEFAULT now(),
        ended_at timestamptz,
        CHECK ((kind = 'callback') = (report_id IS NOT NULL)),
        CHECK (kind = 'subscription' OR (workflow_id IS NULL AND statuses IS NULL)),
        CHECK ((state = 'ended') = (ended_reason IS NOT NULL AND ended_at IS NOT NULL))
      )`);
    await db.query(
      `CREATE INDEX hooks_subscriptions_idx ON hooks.hooks (company_id) WHERE state = 'live' AND kind = 'subscription'`,
    );
    await db.query(
      `CREATE INDEX hooks_callbacks_idx ON hooks.hooks (report_id) WHERE kind = 'callback'`,
    );
    await db.query(
      `CREATE INDEX hooks_owner_idx ON hooks.hooks (owner_id, company_id, created_at)`,
    );
    await db.query(
      `CREATE INDEX hooks_credential_idx ON hooks.hooks (credential_id) WHERE state = 'live'`,
    );
    // The signing secret, encrypted (AES-256-GCM: nonce, tag and ciphertext) under the
    // key-encryption key named by `encryption_key_id`, so that key can be rotated. Its id is the
    // `X-Service-Key-Id` of signed requests; rotation replaces the row, deletion removes it.
    await db.query(`
      CREATE TABLE hooks.signing_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        hook_id uuid NOT NULL UNIQUE REFERENCES hooks.hooks (id) ON DELETE CASCADE,
        ciphertext bytea NOT NULL,
        encryption_key_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One delivery per hook and report. PostgreSQL holds its truth; each attempt is a queue job
    // named after (id, attempt_number), and a result is recorded only while attempt_number is
    // still the one the worker was given, so a stale worker changes nothing.
    // `attempts` counts settled network attempts over the delivery's lifetime; `round_attempts`
    // those of the current round (the initial delivery or the latest replay), at most 8.
    await db.query(`
      CREATE TABLE hooks.deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        hook_id uuid NOT NULL REFERENCES hooks.hooks (id) ON DELETE CASCADE,
        report_id uuid NOT NULL,
        state text NOT NULL DEFAULT 'pending'
          CHECK (state IN ('pending', 'delivered', 'failed', 'cancelled')),
        attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        round_attempts integer NOT NULL DEFAULT 0 CHECK (round_attempts >= 0),
        replay_count integer NOT NULL DEFAULT 0 CHECK (replay_count >= 0),
        attempt_number integer NOT NULL DEFAULT 1 CHECK (attempt_number >= 1),
        next_attempt_at timestamptz,
        last_attempt_at timestamptz,
        delivered_at timestamptz,
        failure_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (hook_id, report_id),
        CHECK ((state = 'pending') = (next_attempt_at IS NOT NULL))
      )`);
    await db.query(
      `CREATE INDEX deliveries_due_idx ON hooks.deliveries (next_attempt_at) WHERE state = 'pending'`,
    );
    await db.query(
      `CREATE INDEX deliveries_listing_idx ON hooks.deliveries (hook_id, created_at DESC, id)`,
    );
    await db.query(`CREATE INDEX deliveries_report_idx ON hooks.deliveries (report_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP SCHEMA hooks CASCADE`);
  }
}
