import { Injectable } from '@nestjs/common';
import { all, camelColumnList, first, run } from '@cw/db';
import { sql } from 'kysely';
import type { EntityManager } from 'typeorm';
import { contentReadable } from '../access/visibility.sql';
import type { LaneRef } from '../lanes/lane-path';
import { wikiDb } from '../wiki-schema';
import { FOLDER_COLUMNS, type FolderRecord } from './folder.repository';

/** The key of a lane's structure lock. */
const laneLockKey = (companyId: string, lane: LaneRef): string =>
  `wiki-lane:${companyId}:${lane.lane}:${lane.ownerId ?? ''}`;

export const folderTreeStatements = {
  /** A lane's structure lock, held until the transaction ends. */
  lockLane: (companyId: string, lane: LaneRef) =>
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${laneLockKey(companyId, lane)}, 0))`,

  /** Live subfolders, and live pages filed under the folder (by id, or by path in its lane). */
  countLiveContents: (companyId: string, folder: FolderRecord) =>
    wikiDb.selectNoFrom((eb) => [
      eb
        .selectFrom('wiki.folders as c')
        .select(sql<number>`count(*)::int`.as('folders'))
        .where('c.parent_id', '=', folder.id)
        .where('c.deleted_at', 'is', null)
        .$asScalar()
        .as('folders'),
      eb
        .selectFrom('wiki.pages as p')
        .select(sql<number>`count(*)::int`.as('pages'))
        .where('p.company_id', '=', companyId)
        .where('p.deleted_at', 'is', null)
        .where((page) =>
          page.or([
            page('p.folder_id', '=', folder.id),
            page.and([
              page('p.lane', '=', folder.lane),
              page('p.lane_owner_id', 'is not distinct from', folder.laneOwnerId),
              page(
                page.fn('lower', ['p.folder_path']),
                '=',
                page.fn('lower', [page.val(folder.path)]),
              ),
            ]),
          ]),
        )
        .$asScalar()
        .as('pages'),
    ]),

  markDeleted: (id: string) =>
    wikiDb
      .updateTable('wiki.folders')
      .set({ deleted_at: sql`now()` })
      .where('id', '=', id),

  /** A recursive walk locked row by row: kept as SQL, parents before children. */
  lockSubtree: (rootId: string) =>
    sql<FolderRecord>`WITH RECURSIVE tree AS (
         SELECT id, 0 AS depth FROM wiki.folders WHERE id = ${rootId}
         UNION ALL
         SELECT c.id, tree.depth + 1 FROM wiki.folders c JOIN tree ON c.parent_id = tree.id
          WHERE c.deleted_at IS NULL)
       SELECT ${camelColumnList('f', FOLDER_COLUMNS)} FROM wiki.folders f JOIN tree ON tree.id = f.id
        ORDER BY tree.depth, f.id
        FOR UPDATE OF f`,

  lockPagesOf: (folderIds: readonly string[]) =>
    wikiDb
      .selectFrom('wiki.pages as p')
      .select('p.id')
      .where('p.folder_id', '=', sql<string>`ANY(${[...folderIds]}::uuid[])`)
      .orderBy('p.id')
      .forUpdate('p'),

  countUnreadableOf: (folderIds: readonly string[], personId: string) =>
    wikiDb
      .selectFrom('wiki.pages as p')
      .select(sql<number>`count(*)::int`.as('unreadable'))
      .where('p.folder_id', '=', sql<string>`ANY(${[...folderIds]}::uuid[])`)
      .where(sql<boolean>`NOT ${contentReadable('p', personId)}`),

  move: (id: string, to: { parentId: string | null; name: string; path: string }) =>
    wikiDb
      .updateTable('wiki.folders')
      .set({ parent_id: to.parentId, name: to.name, path: to.path })
      .where('id', '=', id),

  /** One statement for every folder: an `unnest` join, kept as SQL. */
  setPaths: (paths: ReadonlyMap<string, string>) => {
    const ids = [...paths.keys()];
    return sql`UPDATE wiki.folders f SET path = v.path
         FROM unnest(${ids}::uuid[], ${ids.map((id) => paths.get(id))}::text[]) AS v(id, path)
        WHERE f.id = v.id`;
  },
};

/**
 * The folder tree's structural changes: the lane locks, folder deletes and moves with the
 * subtree and pages they take along.
 */
@Injectable()
export class FolderTreeRepository {
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
    const byKey = new Map(lanes.map((lane) => [laneLockKey(companyId, lane), lane]));
    for (const key of [...byKey.keys()].sort()) {
      await run(manager, folderTreeStatements.lockLane(companyId, byKey.get(key)!));
    }
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
    const row = await first(manager, folderTreeStatements.countLiveContents(companyId, folder));
    return { folders: row?.folders ?? 0, pages: row?.pages ?? 0 };
  }

  markDeleted(manager: EntityManager, id: string): Promise<void> {
    return run(manager, folderTreeStatements.markDeleted(id));
  }

  /**
   * The folder and its live descendants, parents before children, locked against concurrent
   * inserts and moves.
   */
  lockSubtree(manager: EntityManager, rootId: string): Promise<FolderRecord[]> {
    return all(manager, folderTreeStatements.lockSubtree(rootId));
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
    await run(manager, folderTreeStatements.lockPagesOf(folderIds));
    const row = await first(manager, folderTreeStatements.countUnreadableOf(folderIds, personId));
    return row?.unreadable ?? 0;
  }

  /** Puts a folder under another parent, with another name and path. */
  move(
    manager: EntityManager,
    id: string,
    to: { parentId: string | null; name: string; path: string },
  ): Promise<void> {
    return run(manager, folderTreeStatements.move(id, to));
  }

  /** Sets the path of each folder of `paths` (by id). */
  setPaths(manager: EntityManager, paths: ReadonlyMap<string, string>): Promise<void> {
    return run(manager, folderTreeStatements.setPaths(paths));
  }
}
