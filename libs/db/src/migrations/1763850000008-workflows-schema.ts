import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WorkflowsSchema1763850000008 implements MigrationInterface {
  name = 'WorkflowsSchema1763850000008';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE SCHEMA workflows`);
    // Display numbers per company come from one counter row each, taken under its row lock.
    await db.query(`
      CREATE TABLE workflows.company_counters (
        company_id uuid PRIMARY KEY,
        last_workflow_number integer NOT NULL
      )`);
    await db.query(`
      CREATE TABLE workflows.workflows (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL,
        number integer NOT NULL CHECK (number >= 1),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        status text NOT NULL CHECK (status IN ('draft', 'active', 'archived', 'deleted')),
        visibility text NOT NULL CHECK (visibility IN ('company', 'team', 'private')),
        team_id uuid,
        owner_id uuid NOT NULL,
        inputs jsonb NOT NULL DEFAULT '[]',
        definition jsonb NOT NULL,
        definition_version integer NOT NULL DEFAULT 1,
        output_page jsonb,
        schedule jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (company_id, number),
        CHECK ((visibility = 'team') = (team_id IS NOT NULL))
      )`);
    await db.query(
      `CREATE INDEX workflows_listing_idx ON workflows.workflows (company_id, number) WHERE status <> 'deleted'`,
    );
    await db.query(
      `CREATE INDEX workflows_name_idx ON workflows.workflows (company_id, lower(name)) WHERE status <> 'deleted'`,
    );
    // A run keeps the definition it started with, so editing the workflow never changes it.
    // Its id is also the report's public id. `lease_generation` fences a worker that lost the
    // run to another (each claim increments it; a write carries the generation it claimed).
    await db.query(`
      CREATE TABLE workflows.runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL,
        workflow_id uuid NOT NULL REFERENCES workflows.workflows (id),
        started_by uuid NOT NULL,
        trigger text NOT NULL CHECK (trigger IN ('api', 'webhook', 'schedule')),
        title text CHECK (length(title) <= 300),
        inputs jsonb NOT NULL DEFAULT '{}',
        definition jsonb NOT NULL,
        status text NOT NULL CHECK (status IN ('queued', 'running', 'awaiting_work_packet',
          'awaiting_approval', 'completed', 'failed', 'cancelled', 'stale', 'budget_exceeded')),
        error jsonb,
        lease_generation integer NOT NULL DEFAULT 0,
        heartbeat_at timestamptz,
        wake_at timestamptz,
        cancel_requested boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        completed_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX runs_listing_idx ON workflows.runs (company_id, created_at DESC, id)`,
    );
    await db.query(
      `CREATE INDEX runs_workflow_idx ON workflows.runs (workflow_id, created_at DESC)`,
    );
    await db.query(
      `CREATE INDEX runs_live_idx ON workflows.runs (heartbeat_at) WHERE status IN ('queued', 'running')`,
    );
    await db.query(`
      CREATE TABLE workflows.run_steps (
        run_id uuid NOT NULL REFERENCES workflows.runs (id) ON DELETE CASCADE,
        step_index integer NOT NULL,
        step_id text NOT NULL,
        block text NOT NULL,
        status text NOT NULL CHECK (status IN ('running', 'waiting', 'completed', 'failed', 'skipped')),
        output jsonb,
        error jsonb,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        PRIMARY KEY (run_id, step_index)
      )`);
    // The receipt of a caller-minted run_request_id. It outlives its run: run_id turns null when
    // the run is removed, so a retry answers "removed" instead of starting another run.
    await db.query(`
      CREATE TABLE workflows.run_requests (
        company_id uuid NOT NULL,
        person_id uuid NOT NULL,
        run_request_id uuid NOT NULL,
        request_hash bytea NOT NULL,
        workflow_id uuid NOT NULL REFERENCES workflows.workflows (id),
        run_id uuid REFERENCES workflows.runs (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (company_id, person_id, run_request_id)
      )`);
    await db.query(`CREATE INDEX run_requests_run_idx ON workflows.run_requests (run_id)`);
    await db.query(`
      CREATE TABLE workflows.work_packets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        run_id uuid NOT NULL REFERENCES workflows.runs (id) ON DELETE CASCADE,
        step_index integer NOT NULL,
        instructions text NOT NULL,
        result jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz,
        UNIQUE (run_id, step_index)
      )`);
    await db.query(`
      CREATE TABLE workflows.authoring_operations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL,
        person_id uuid NOT NULL,
        authoring_request_id uuid,
        request_hash bytea NOT NULL,
        request jsonb NOT NULL,
        status text NOT NULL CHECK (status IN ('composing', 'saved', 'needs_clarification',
          'capability_gap', 'failed')),
        workflow_id uuid REFERENCES workflows.workflows (id),
        questions jsonb,
        gap text,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (company_id, person_id, authoring_request_id)
      )`);
    // The link is the credential of the webhook trigger: only its token's SHA-256 is kept.
    await db.query(`
      CREATE TABLE workflows.webhook_links (
        workflow_id uuid PRIMARY KEY REFERENCES workflows.workflows (id) ON DELETE CASCADE,
        public_id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
        token_hash bytea NOT NULL,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        rotated_at timestamptz
      )`);
    // A code session's state lives in a sandbox of one process; its cells are kept so that any
    // process can rebuild the state by replaying them.
    await db.query(`
      CREATE TABLE workflows.code_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL,
        person_id uuid NOT NULL,
        language text NOT NULL CHECK (language = 'javascript'),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        deleted_at timestamptz
      )`);
    await db.query(`
      CREATE TABLE workflows.code_cells (
        session_id uuid NOT NULL REFERENCES workflows.code_sessions (id) ON DELETE CASCADE,
        cell integer NOT NULL,
        code text NOT NULL,
        status text NOT NULL CHECK (status IN ('ok', 'error', 'timeout', 'memory_limit')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (session_id, cell)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP SCHEMA workflows CASCADE`);
  }
}
