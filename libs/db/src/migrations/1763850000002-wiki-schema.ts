import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WikiSchema1763850000002 implements MigrationInterface {
  name = 'WikiSchema1763850000002';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE SCHEMA wiki`);
    // A lane is where a page lives: a person's Private lane, a team's lane or the Company lane.
    // lane_owner_id is the person (private) or the team (team); null for the company lane.
    await db.query(`
      CREATE TABLE wiki.folders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL,
        lane text NOT NULL CHECK (lane IN ('private', 'team', 'company')),
        lane_owner_id uuid,
        parent_id uuid REFERENCES wiki.folders (id),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200 AND position('/' IN name) = 0),
        path text NOT NULL,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        CHECK ((lane = 'company') = (lane_owner_id IS NULL))
      )`);
    await db.query(`
      CREATE UNIQUE INDEX folders_live_path_key ON wiki.folders
        (company_id, lane, coalesce(lane_owner_id, '00000000-0000-0000-0000-000000000000'), lower(path))
        WHERE deleted_at IS NULL`);
    await db.query(`
      CREATE TABLE wiki.pages (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        public_id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL,
        lane text NOT NULL CHECK (lane IN ('private', 'team', 'company')),
        lane_owner_id uuid,
        folder_id uuid REFERENCES wiki.folders (id),
        folder_path text NOT NULL,
        title text NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
        content_md text NOT NULL DEFAULT '',
        current_version integer NOT NULL DEFAULT 1,
        last_version integer NOT NULL DEFAULT 1,
        is_folder_index boolean NOT NULL DEFAULT false,
        restricted boolean NOT NULL DEFAULT false,
        inbox_key text,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        deleted_by uuid,
        search_vector tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', title), 'A') ||
          setweight(to_tsvector('english', content_md), 'B')
        ) STORED,
        CHECK ((lane = 'company') = (lane_owner_id IS NULL)),
        CHECK (current_version <= last_version)
      )`);
    await db.query(
      `CREATE INDEX pages_search_idx ON wiki.pages USING gin (search_vector) WHERE deleted_at IS NULL`,
    );
    await db.query(
      `CREATE INDEX pages_lane_idx ON wiki.pages (company_id, lane, lane_owner_id) WHERE deleted_at IS NULL`,
    );
    await db.query(
      `CREATE INDEX pages_folder_idx ON wiki.pages (folder_id) WHERE deleted_at IS NULL`,
    );
    await db.query(
      `CREATE INDEX pages_trash_idx ON wiki.pages (company_id, deleted_by, deleted_at) WHERE deleted_at IS NOT NULL`,
    );
    await db.query(`CREATE INDEX pages_changes_idx ON wiki.pages (company_id, updated_at, id)`);
    // A page's path (folder path + title) names one live page.
    await db.query(`
      CREATE UNIQUE INDEX pages_live_path_key ON wiki.pages
        (company_id, lane, coalesce(lane_owner_id, '00000000-0000-0000-0000-000000000000'),
         lower(folder_path), lower(title))
        WHERE deleted_at IS NULL`);
    // An upsert without a path resolves a title to one Inbox page for good, also after a rename.
    await db.query(`
      CREATE UNIQUE INDEX pages_inbox_key ON wiki.pages (company_id, lane_owner_id, inbox_key)
        WHERE inbox_key IS NOT NULL AND deleted_at IS NULL`);
    await db.query(`
      CREATE TABLE wiki.page_access (
        page_id bigint NOT NULL REFERENCES wiki.pages (id) ON DELETE CASCADE,
        person_id uuid NOT NULL,
        PRIMARY KEY (page_id, person_id)
      )`);
    // Every saved body, head or draft, with its provenance. Drafts are submissions kept when a
    // newer version was already the head (newer_version_available); they never become head.
    await db.query(`
      CREATE TABLE wiki.page_versions (
        page_id bigint NOT NULL REFERENCES wiki.pages (id) ON DELETE CASCADE,
        version integer NOT NULL,
        title text NOT NULL,
        content_md text NOT NULL,
        is_draft boolean NOT NULL DEFAULT false,
        based_on_version integer,
        author_id uuid NOT NULL,
        saved_at timestamptz NOT NULL DEFAULT now(),
        message text,
        source_kind text,
        source_provider text,
        source_label text,
        PRIMARY KEY (page_id, version)
      )`);
    // Replay of a mutation: the first outcome is stored with a hash of the request.
    await db.query(`
      CREATE TABLE wiki.page_mutations (
        company_id uuid NOT NULL,
        person_id uuid NOT NULL,
        mutation_id uuid NOT NULL,
        request_hash bytea NOT NULL,
        status integer NOT NULL,
        response jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (company_id, person_id, mutation_id)
      )`);
    await db.query(`
      CREATE TABLE wiki.comments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        page_id bigint NOT NULL REFERENCES wiki.pages (id) ON DELETE CASCADE,
        author_id uuid NOT NULL,
        body_md text NOT NULL CHECK (length(body_md) BETWEEN 1 AND 20000),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX comments_page_idx ON wiki.comments (page_id, created_at, id)`);
    await db.query(`
      CREATE TABLE wiki.files (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        page_id bigint NOT NULL REFERENCES wiki.pages (id) ON DELETE CASCADE,
        filename text NOT NULL CHECK (length(filename) BETWEEN 1 AND 255),
        content_type text NOT NULL,
        size_bytes integer NOT NULL,
        sha256 bytea NOT NULL,
        data bytea NOT NULL,
        uploaded_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX files_page_idx ON wiki.files (page_id, created_at, id)`);
    await db.query(`
      CREATE TABLE wiki.share_links (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        page_id bigint NOT NULL REFERENCES wiki.pages (id) ON DELETE CASCADE,
        token_hash bytea NOT NULL UNIQUE,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP SCHEMA wiki CASCADE`);
  }
}
