import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { contentReadableSql } from '../access/visibility.sql';
import type { LaneKind, LaneRef } from '../lanes/lane-path';
import type { Folder } from './entities/folder.entity';

/** A folder as the statements of this repository read it. */
export interface FolderRecord {
  id: string;
  lane: LaneKind;
  lane_owner_id: string | null;
  parent_id: string | null;
  name: string;
  path: string;
  created_at: Date;
}

/** The columns of a new folder that its writer chooses. */
export type NewFolderRow = Pick<
  Folder,
  'companyId' | 'lane' | 'laneOwnerId' | 'parentId' | 'name' | 'path' | 'createdBy'
>;

const FOLDER_COLUMNS = `f.id, f.lane, f.lane_owner_id, f.parent_id, f.name, f.path, f.created_at`;

/** The direct live subfolders of `parentId`, or of the lane root when it is null. */
function childrenFilter(
  companyId: string,
  lane: LaneRef,
  parentId: string | null,
  params: unknown[],
): string {
  if (parentId) {
    params.push(parentId);
    return `f.parent_id = $${params.length}`;
  }
  params.push(companyId, lane.lane, lane.ownerId);
  const n = params.length;
  return `f.parent_id IS NULL AND f.company_id = $${n - 2} AND f.lane = $${n - 1}
            AND f.lane_owner_id IS NOT DISTINCT FROM $${n}`;
}

/**
 * `wiki.folders`. Its path triggers (migration 1763850000003) make an insert under a parent that
 * moves or disappears meanwhile follow it or fail with serialization_failure (see tree-retry.ts).
 */
@Injectable()
export class FolderRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Serialises structural changes (folder moves and deletes, page moves) per lane for the rest
   * of the caller's transaction. Several lanes are locked in one fixed order, so two movers never
   * wait on each other crosswise. Taken before any row lock.
   */
  async lockLanes(
    manager: EntityManager,
    companyId: string,
    lanes: readonly LaneRef[],
  ): Promise<void> {
    const keys = lanes.map((lane) => `wiki-lane:${companyId}:${lane.lane}:${lane.ownerId ?? ''}`);
    for (const key of [...new Set(keys)].sort()) {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [key]);
    }
  }

  /** Inserts a folder; null when a live folder already has its path. */
  async insertUnlessTaken(
    manager: EntityManager,
    folder: NewFolderRow,
  ): Promise<{ id: string; path: string } | null> {
    const [inserted]: { id: string; path: string }[] = await manager.query(
      `INSERT INTO wiki.folders (company_id, lane, lane_owner_id, parent_id, name, path, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id, path`,
      [
        folder.companyId,
        folder.lane,
        folder.laneOwnerId,
        folder.parentId,
        folder.name,
        folder.path,
        folder.createdBy,
      ],
    );
    return inserted ?? null;
  }

  /** The id of the live folder named `name` (any case) under `parentId` (null: the lane root). */
  async findChildId(
    manager: EntityManager,
    companyId: string,
    lane: LaneRef,
    parentId: string | null,
    name: string,
  ): Promise<string | null> {
    const [folder]: { id: string }[] = await manager.query(
      `SELECT id FROM wiki.folders
          WHERE company_id = $1 AND lane = $2 AND lane_owner_id IS NOT DISTINCT FROM $3
            AND parent_id IS NOT DISTINCT FROM $4 AND lower(name) = lower($5) AND deleted_at IS NULL`,
      [companyId, lane.lane, lane.ownerId, parentId, name],
    );
    return folder?.id ?? null;
  }

  /** The live folder at `path` (any case); with `lock`, locked for the rest of the transaction. */
  async findByPath(
    manager: EntityManager,
    companyId: string,
    lane: LaneRef,
    path: string,
    lock: boolean,
  ): Promise<FolderRecord | null> {
    const [row]: FolderRecord[] = await manager.query(
      `SELECT ${FOLDER_COLUMNS} FROM wiki.folders f
        WHERE f.company_id = $1 AND f.lane = $2 AND f.lane_owner_id IS NOT DISTINCT FROM $3
          AND lower(f.path) = lower($4) AND f.deleted_at IS NULL ${lock ? 'FOR UPDATE OF f' : ''}`,
      [companyId, lane.lane, lane.ownerId, path],
    );
    return row ?? null;
  }

  async findById(manager: EntityManager, id: string): Promise<FolderRecord | null> {
    const [row]: FolderRecord[] = await manager.query(
      `SELECT ${FOLDER_COLUMNS} FROM wiki.folders f WHERE f.id = $1`,
      [id],
    );
    return row ?? null;
  }

  /** How many live subfolders `parentId` (null: the lane root) has. */
  async countChildren(companyId: string, lane: LaneRef, parentId: string | null): Promise<number> {
    const params: unknown[] = [];
    const filter = childrenFilter(companyId, lane, parentId, params);
    const [row]: { count: string }[] = await this.dataSource.query(
      `SELECT count(*) AS count FROM wiki.folders f WHERE ${filter} AND f.deleted_at IS NULL`,
      params,
    );
    return Number(row.count);
  }

  /** The live subfolders of `parentId` (null: the lane root), by name. */
  async listChildren(
    companyId: string,
    lane: LaneRef,
    parentId: string | null,
    limit: number,
    offset: number,
  ): Promise<FolderRecord[]> {
    const params: unknown[] = [];
    const filter = childrenFilter(companyId, lane, parentId, params);
    params.push(limit, offset);
    return this.dataSource.query(
      `SELECT ${FOLDER_COLUMNS} FROM wiki.folders f
        WHERE ${filter} AND f.deleted_at IS NULL
        ORDER BY lower(f.name), f.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
  }

  /**
   * What keeps a folder from being deleted: its live subfolders, and the live pages filed under
   * it (by id, or by path for pages of its lane whose folder row is another).
   */
  async countLiveContents(
    manager: EntityManager,
    companyId: string,
    folder: FolderRecord,
  ): Promise<{ folders: number; pages: number }> {
    const [contents]: { folders: number; pages: number }[] = await manager.query(
      `SELECT (SELECT count(*)::int FROM wiki.folders c
                  WHERE c.parent_id = $1 AND c.deleted_at IS NULL) AS folders,
                (SELECT count(*)::int FROM wiki.pages p
                  WHERE p.company_id = $2 AND p.deleted_at IS NULL
                    AND (p.folder_id = $1 OR (p.lane = $3 AND p.lane_owner_id IS NOT DISTINCT FROM $4
                                              AND lower(p.folder_path) = lower($5)))) AS pages`,
      [folder.id, companyId, folder.lane, folder.lane_owner_id, folder.path],
    );
    return contents;
  }

  async markDeleted(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`UPDATE wiki.folders SET deleted_at = now() WHERE id = $1`, [id]);
  }

  /**
   * The folder and its live descendants, parents before children, locked against concurrent
   * inserts and moves.
   */
  async lockSubtree(manager: EntityManager, rootId: string): Promise<FolderRecord[]> {
    return manager.query(
      `WITH RECURSIVE tree AS (
         SELECT id, 0 AS depth FROM wiki.folders WHERE id = $1
         UNION ALL
         SELECT c.id, tree.depth + 1 FROM wiki.folders c JOIN tree ON c.parent_id = tree.id
          WHERE c.deleted_at IS NULL)
       SELECT ${FOLDER_COLUMNS} FROM wiki.folders f JOIN tree ON tree.id = f.id
        ORDER BY tree.depth, f.id
        FOR UPDATE OF f`,
      [rootId],
    );
  }

  /**
   * Locks the pages filed in `folderIds` (live and trashed: a folder move takes both along), so
   * their restriction cannot change until the caller's transaction ends, then counts those whose
   * content `personId` may not read. A restriction committed meanwhile is seen: the count runs
   * after the lock was granted, in a statement of its own.
   */
  async lockPagesCountingUnreadable(
    manager: EntityManager,
    folderIds: readonly string[],
    personId: string,
  ): Promise<number> {
    await manager.query(
      `SELECT p.id FROM wiki.pages p WHERE p.folder_id = ANY($1::uuid[]) ORDER BY p.id FOR UPDATE OF p`,
      [folderIds],
    );
    const [row]: { unreadable: number }[] = await manager.query(
      `SELECT count(*)::int AS unreadable FROM wiki.pages p
        WHERE p.folder_id = ANY($1::uuid[]) AND NOT ${contentReadableSql('p', '$2')}`,
      [folderIds, personId],
    );
    return row.unreadable;
  }

  /** Puts a folder under another parent, with another name and path. */
  async move(
    manager: EntityManager,
    id: string,
    to: { parentId: string | null; name: string; path: string },
  ): Promise<void> {
    await manager.query(
      `UPDATE wiki.folders SET parent_id = $2, name = $3, path = $4 WHERE id = $1`,
      [id, to.parentId, to.name, to.path],
    );
  }

  /** Sets the path of each folder of `paths` (by id). */
  async setPaths(manager: EntityManager, paths: ReadonlyMap<string, string>): Promise<void> {
    const ids = [...paths.keys()];
    await manager.query(
      `UPDATE wiki.folders f SET path = v.path
         FROM unnest($1::uuid[], $2::text[]) AS v(id, path)
        WHERE f.id = v.id`,
      [ids, ids.map((id) => paths.get(id))],
    );
  }
}
