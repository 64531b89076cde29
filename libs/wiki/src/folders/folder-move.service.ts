import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { isUniqueViolation } from '@cw/db';
import { AppError } from '@cw/platform';
import { wikiError } from '../errors/wiki-errors';
import { DataSource, type EntityManager } from 'typeorm';
import { joinPath } from '../lanes/lane-path';
import { FolderPaths } from '../pages/folder-paths.service';
import { FOLDER_COLUMNS, type FolderRow, type FolderView, folderView } from './folder-view';
import { FolderWriter } from './folder-write.service';
import { lockLanes, sameLane } from './lane-lock';
import { retryOnTreeChange } from './tree-retry';

export interface FolderMoveResponse {
  outcome: 'moved' | 'no_change';
  from: string;
  folder: FolderView;
  /** The folders whose path changed: the moved one and every live descendant. */
  moved_folders: number;
  /** The pages (live and trashed) whose folder path changed. */
  moved_pages: number;
}

/**
 * Moves a folder subtree within its lane in one transaction: the lane lock serialises it with
 * other moves and deletes, the subtree's rows are locked `FOR UPDATE` (so concurrent inserts
 * into it wait, then follow the new paths through the path triggers), every descendant's
 * `folders.path` and every page's `folder_path` are rewritten.
 */
@Injectable()
export class FolderMover {
  constructor(
    private readonly dataSource: DataSource,
    private readonly folders: FolderPaths,
    private readonly writer: FolderWriter,
  ) {}

  async move(actor: Actor, fromPath: string, toPath: string): Promise<FolderMoveResponse> {
    const from = await this.writer.writableFolderPath(actor, fromPath, 'moved');
    const to = await this.writer.writableFolderPath(actor, toPath, 'replaced');
    if (!sameLane(from, to)) {
      throw AppError.badRequest(
        `Folders move within their lane: ${from.root} and ${to.root} are different lanes. Move the pages instead.`,
        { field: 'to' },
      );
    }
    const source = joinPath(from.root, from.segments);
    const target = joinPath(to.root, to.segments);
    if (target.toLowerCase().startsWith(`${source.toLowerCase()}/`)) {
      throw AppError.badRequest(
        `${target} is inside ${source}: a folder cannot move into itself.`,
        {
          field: 'to',
        },
      );
    }
    try {
      return await retryOnTreeChange(() =>
        this.dataSource.transaction(async (manager) => {
          await lockLanes(manager, actor, [from]);
          return this.moveLocked(manager, actor, from, source, to, target);
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw taken(target);
      throw error;
    }
  }

  private async moveLocked(
    manager: EntityManager,
    actor: Actor,
    lane: { lane: string; ownerId: string | null },
    source: string,
    to: { root: string; segments: string[] },
    target: string,
  ): Promise<FolderMoveResponse> {
    const findLive = async (path: string, lock: boolean): Promise<FolderRow | undefined> => {
      const [row]: FolderRow[] = await manager.query(
        `SELECT ${FOLDER_COLUMNS} FROM wiki.folders f
          WHERE f.company_id = $1 AND f.lane = $2 AND f.lane_owner_id IS NOT DISTINCT FROM $3
            AND lower(f.path) = lower($4) AND f.deleted_at IS NULL ${lock ? 'FOR UPDATE OF f' : ''}`,
        [actor.companyId, lane.lane, lane.ownerId, path],
      );
      return row;
    };
    const folder = await findLive(source, true);
    if (!folder) throw AppError.notFound(`No folder at ${source}.`);
    const existing = await findLive(target, false);
    if (existing && existing.id !== folder.id) throw taken(target);
    if (folder.path === target) {
      return {
        outcome: 'no_change',
        from: folder.path,
        folder: folderView(folder),
        moved_folders: 0,
        moved_pages: 0,
      };
    }
    const parent = await this.folders.ensure(
      manager,
      actor,
      joinPath(to.root, to.segments.slice(0, -1)),
    );
    // The subtree, parents before children, locked against concurrent inserts and moves.
    const subtree: FolderRow[] = await manager.query(
      `WITH RECURSIVE tree AS (
         SELECT id, 0 AS depth FROM wiki.folders WHERE id = $1
         UNION ALL
         SELECT c.id, tree.depth + 1 FROM wiki.folders c JOIN tree ON c.parent_id = tree.id
          WHERE c.deleted_at IS NULL)
       SELECT ${FOLDER_COLUMNS} FROM wiki.folders f JOIN tree ON tree.id = f.id
        ORDER BY tree.depth, f.id
        FOR UPDATE OF f`,
      [folder.id],
    );
    const newPaths = new Map<string, string>([[folder.id, target]]);
    for (const row of subtree) {
      if (row.id === folder.id) continue;
      const parentPath = newPaths.get(row.parent_id ?? '');
      if (parentPath !== undefined) newPaths.set(row.id, `${parentPath}/${row.name}`);
    }
    const ids = [...newPaths.keys()];
    await manager.query(
      `UPDATE wiki.folders SET parent_id = $2, name = $3, path = $4 WHERE id = $1`,
      [folder.id, parent.folderId, to.segments.at(-1), target],
    );
    await manager.query(
      `UPDATE wiki.folders f SET path = v.path
         FROM unnest($1::uuid[], $2::text[]) AS v(id, path)
        WHERE f.id = v.id AND f.id <> $3`,
      [ids, ids.map((id) => newPaths.get(id)), folder.id],
    );
    // TypeORM answers an UPDATE with [rows, affected row count].
    const [, movedPages]: [unknown[], number] = await manager.query(
      `UPDATE wiki.pages p SET folder_path = f.path, updated_at = now()
         FROM wiki.folders f
        WHERE f.id = p.folder_id AND p.folder_id = ANY($1::uuid[]) AND p.folder_path <> f.path`,
      [ids],
    );
    const [moved]: FolderRow[] = await manager.query(
      `SELECT ${FOLDER_COLUMNS} FROM wiki.folders f WHERE f.id = $1`,
      [folder.id],
    );
    return {
      outcome: 'moved',
      from: folder.path,
      folder: folderView(moved),
      moved_folders: ids.length,
      moved_pages: movedPages,
    };
  }
}

function taken(target: string): AppError {
  return wikiError('FOLDER_PATH_TAKEN', `A folder already exists at ${target}.`, {
    details: { path: target },
  });
}
