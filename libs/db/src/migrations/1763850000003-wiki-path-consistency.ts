import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Folder moves rewrite `folders.path` and `pages.folder_path` of a whole subtree. A writer that
 * looked up a folder just before such a move (or a delete) and inserts a child just after it
 * would store a path that no longer exists. These triggers close that window in the database:
 *
 * - a new folder's path follows its parent's current path, and a page's `folder_path` follows
 *   its folder's current path (a case-only difference is kept, so callers' spelling is kept);
 * - the parent (folder) row is read `FOR SHARE`, so the insert waits for a move or delete that
 *   holds the row `FOR UPDATE`, and then sees the committed path;
 * - inserting into (or moving a page into) a folder deleted meanwhile fails with
 *   serialization_failure instead of filing the row under a deleted folder.
 *
 * Plus an index for listing a folder's direct subfolders.
 */
export class WikiPathConsistency1763850000003 implements MigrationInterface {
  name = 'WikiPathConsistency1763850000003';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION wiki.folder_path_follows_parent() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        parent_path text;
        parent_deleted timestamptz;
      BEGIN
        IF NEW.parent_id IS NOT NULL THEN
          SELECT path, deleted_at INTO parent_path, parent_deleted
            FROM wiki.folders WHERE id = NEW.parent_id FOR SHARE;
          IF parent_deleted IS NOT NULL AND NEW.deleted_at IS NULL THEN
            RAISE EXCEPTION 'wiki folder % was deleted meanwhile', NEW.parent_id
              USING ERRCODE = 'serialization_failure';
          END IF;
          IF parent_path IS NOT NULL AND lower(NEW.path) <> lower(parent_path || '/' || NEW.name) THEN
            NEW.path := parent_path || '/' || NEW.name;
          END IF;
        END IF;
        RETURN NEW;
      END $$`);
    await db.query(`
      CREATE TRIGGER folders_path_follows_parent BEFORE INSERT ON wiki.folders
        FOR EACH ROW EXECUTE FUNCTION wiki.folder_path_follows_parent()`);
    await db.query(`
      CREATE FUNCTION wiki.page_path_follows_folder() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        current_path text;
        folder_deleted timestamptz;
      BEGIN
        IF NEW.folder_id IS NOT NULL THEN
          SELECT path, deleted_at INTO current_path, folder_deleted
            FROM wiki.folders WHERE id = NEW.folder_id FOR SHARE;
          IF folder_deleted IS NOT NULL AND NEW.deleted_at IS NULL
             AND (TG_OP = 'INSERT' OR NEW.folder_id IS DISTINCT FROM OLD.folder_id) THEN
            RAISE EXCEPTION 'wiki folder % was deleted meanwhile', NEW.folder_id
              USING ERRCODE = 'serialization_failure';
          END IF;
          IF current_path IS NOT NULL AND lower(NEW.folder_path) <> lower(current_path) THEN
            NEW.folder_path := current_path;
          END IF;
        END IF;
        RETURN NEW;
      END $$`);
    await db.query(`
      CREATE TRIGGER pages_path_follows_folder BEFORE INSERT OR UPDATE OF folder_id, folder_path
        ON wiki.pages FOR EACH ROW EXECUTE FUNCTION wiki.page_path_follows_folder()`);
    await db.query(
      `CREATE INDEX folders_parent_idx ON wiki.folders (parent_id, lower(name)) WHERE deleted_at IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX wiki.folders_parent_idx`);
    await db.query(`DROP TRIGGER pages_path_follows_folder ON wiki.pages`);
    await db.query(`DROP FUNCTION wiki.page_path_follows_folder()`);
    await db.query(`DROP TRIGGER folders_path_follows_parent ON wiki.folders`);
    await db.query(`DROP FUNCTION wiki.folder_path_follows_parent()`);
  }
}
