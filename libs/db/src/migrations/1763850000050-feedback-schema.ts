import type { MigrationInterface, QueryRunner } from 'typeorm';

export class FeedbackSchema1763850000050 implements MigrationInterface {
  name = 'FeedbackSchema1763850000050';

  async up(db: QueryRunner): Promise<void> {
    // pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await db.query(`CREATE SCHEMA feedback`);
    // One in-app report. The submitter and company are kept as they were when it was filed (the
    // inbox shows, sorts and searches those), so the inbox never reaches into another context.
    // `submission_id` is the client's retry key: the same person repeating it gets the first report.
    // The lease columns are set together while an intake session holds the report; the token is
    // stored as its SHA-256 hash only.
    await db.query(`
      CREATE TABLE feedback.reports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL,
        company_name text NOT NULL,
        submitter_id uuid NOT NULL,
        submitter_email text NOT NULL,
        submitter_name text NOT NULL,
        submission_id uuid,
        category text NOT NULL CHECK (category IN ('bug', 'idea', 'question', 'other')),
        status text NOT NULL DEFAULT 'new' CHECK (status IN
          ('new', 'approved', 'in_progress', 'pr_open', 'closed', 'handed_back', 'rejected')),
        message text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
        page_path text CHECK (length(page_path) <= 500),
        pull_request_url text CHECK (length(pull_request_url) <= 2048),
        has_pr boolean GENERATED ALWAYS AS (pull_request_url IS NOT NULL) STORED,
        proposal jsonb,
        proposal_updated_at timestamptz,
        plan text CHECK (length(plan) <= 20000),
        plan_updated_at timestamptz,
        started_at timestamptz,
        result_outcome text CHECK (result_outcome IN ('pull_request', 'closed', 'handed_back')),
        result_note text CHECK (length(result_note) <= 5000),
        lease_session_id text CHECK (length(lease_session_id) <= 200),
        lease_token_hash bytea,
        lease_expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search_text text GENERATED ALWAYS AS (lower(
          message || ' ' || submitter_email || ' ' || submitter_name || ' ' || company_name || ' ' ||
          coalesce(page_path, '') || ' ' || id::text)) STORED,
        CHECK ((lease_token_hash IS NULL) = (lease_expires_at IS NULL)),
        CHECK ((lease_token_hash IS NULL) = (lease_session_id IS NULL)),
        CHECK ((proposal IS NULL) = (proposal_updated_at IS NULL))
      )`);
    await db.query(
      `CREATE UNIQUE INDEX reports_submission_key ON feedback.reports (submitter_id, submission_id)
        WHERE submission_id IS NOT NULL`,
    );
    await db.query(`CREATE INDEX reports_created_idx ON feedback.reports (created_at, id)`);
    await db.query(
      `CREATE INDEX reports_company_created_idx ON feedback.reports (company_id, created_at, id)`,
    );
    await db.query(
      `CREATE INDEX reports_status_created_idx ON feedback.reports (status, created_at, id)`,
    );
    await db.query(
      `CREATE INDEX reports_search_trgm_idx ON feedback.reports USING gin (search_text gin_trgm_ops)`,
    );
    // The intake queue: approved reports oldest first, and held leases by expiry.
    await db.query(
      `CREATE INDEX reports_approved_idx ON feedback.reports (created_at, id) WHERE status = 'approved'`,
    );
    await db.query(
      `CREATE INDEX reports_lease_expiry_idx ON feedback.reports (lease_expires_at)
        WHERE lease_expires_at IS NOT NULL`,
    );
    // Proposal work: reports still without a proposal, oldest first.
    await db.query(
      `CREATE INDEX reports_pending_proposal_idx ON feedback.reports (created_at, id) WHERE proposal IS NULL`,
    );
    // Private evidence. The bytes live in the evidence store under `storage_key`, never at a
    // public address; a row exists only once its bytes were stored.
    await db.query(`
      CREATE TABLE feedback.attachments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        feedback_id uuid NOT NULL REFERENCES feedback.reports (id) ON DELETE CASCADE,
        position smallint NOT NULL CHECK (position BETWEEN 0 AND 4),
        filename text NOT NULL CHECK (length(filename) BETWEEN 1 AND 255),
        content_type text NOT NULL CHECK (length(content_type) BETWEEN 1 AND 255),
        size integer NOT NULL CHECK (size BETWEEN 0 AND 5242880),
        sha256 bytea NOT NULL,
        storage_key text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (feedback_id, position)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP SCHEMA feedback CASCADE`);
  }
}
