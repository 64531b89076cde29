import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';
import { wikiError } from '../errors/wiki-errors';
import { DataSource } from 'typeorm';
import { canWriteLane, joinPath } from '../lanes/lane-path';
import { LaneResolver, type ResolvedFolderPath } from '../lanes/lane-resolver.service';
import { FolderPaths } from '../pages/folder-paths.service';
import { FOLDER_COLUMNS, type FolderRow, type FolderView, folderView } from './folder-view';
import { lockLanes } from './lane-lock';
import { FolderTreeChanged, retryOnTreeChange } from './tree-retry';

export interface FolderCreateResult {
  /** False when the folder already existed (the route answers 200 instead of 201). */
  created: boolean;
  folder: FolderView;
}

/** Creating (mkdir -p, idempotent) and deleting (empty only, soft) folders. */
@Injectable()
export class FolderWriter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lanes: LaneResolver,
    private readonly folders: FolderPaths,
  ) {}

  /** A folder below a lane root that the actor may write; lane roots are refused with 400. */
  async writableFolderPath(actor: Actor, path: string, verb: string): Promise<ResolvedFolderPath> {
    const resolved = await this.lanes.resolve(actor, path);
    if (resolved.segments.length === 0) {
      throw AppError.badRequest(
        `${resolved.root} is a lane root: it always exists and cannot be ${verb}.`,
        { field: 'path' },
      );
    }
    if (!canWriteLane(actor, resolved)) {
      throw AppError.accessDenied(`You cannot write in ${resolved.root}.`);
    }
    return resolved;
  }

  async create(actor: Actor, path: string): Promise<FolderCreateResult> {
    const resolved = await this.writableFolderPath(actor, path, 'created');
    const fullPath = joinPath(resolved.root, resolved.segments);
    const parentPath = joinPath(resolved.root, resolved.segments.slice(0, -1));
    return retryOnTreeChange(() =>
      this.dataSource.transaction(async (manager) => {
        const parent = await this.folders.ensure(manager, actor, parentPath);
        const inserted: { id: string; path: string }[] = await manager.query(
          `INSERT INTO wiki.folders (company_id, lane, lane_owner_id, parent_id, name, path, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id, path`,
          [
            actor.companyId,
            resolved.lane,
            resolved.ownerId,
            parent.folderId,
            resolved.segments.at(-1),
            fullPath,
            actor.personId,
          ],
        );
        const [row]: FolderRow[] = await manager.query(
          `SELECT ${FOLDER_COLUMNS} FROM wiki.folders f
            WHERE f.company_id = $1 AND f.lane = $2 AND f.lane_owner_id IS NOT DISTINCT FROM $3
              AND lower(f.path) = lower($4) AND f.deleted_at IS NULL`,
          [actor.companyId, resolved.lane, resolved.ownerId, fullPath],
        );
        // The parent moved between its lookup and the insert (the path trigger filed the new
        // folder under the parent's new path): start over so that the path asked for exists.
        if (!row || (inserted[0] && inserted[0].id !== row.id)) throw new FolderTreeChanged();
        return { created: inserted.length > 0, folder: folderView(row) };
      }),
    );
  }

  /** Soft-deletes an empty folder: no live subfolder and no live page (trashed pages may stay). */
  async remove(actor: Actor, path: string): Promise<{ deleted: true; folder: FolderView }> {
    const resolved = await this.writableFolderPath(actor, path, 'deleted');
    const fullPath = joinPath(resolved.root, resolved.segments);
    return this.dataSource.transaction(async (manager) => {
      await lockLanes(manager, actor, [resolved]);
      const [folder]: FolderRow[] = await manager.query(
        `SELECT ${FOLDER_COLUMNS} FROM wiki.folders f
          WHERE f.company_id = $1 AND f.lane = $2 AND f.lane_owner_id IS NOT DISTINCT FROM $3
            AND lower(f.path) = lower($4) AND f.deleted_at IS NULL
          FOR UPDATE OF f`,
        [actor.companyId, resolved.lane, resolved.ownerId, fullPath],
      );
      if (!folder) throw AppError.notFound(`No folder at ${fullPath}.`);
      const [contents]: { folders: number; pages: number }[] = await manager.query(
        `SELECT (SELECT count(*)::int FROM wiki.folders c
                  WHERE c.parent_id = $1 AND c.deleted_at IS NULL) AS folders,
                (SELECT count(*)::int FROM wiki.pages p
                  WHERE p.company_id = $2 AND p.deleted_at IS NULL
                    AND (p.folder_id = $1 OR (p.lane = $3 AND p.lane_owner_id IS NOT DISTINCT FROM $4
                                              AND lower(p.folder_path) = lower($5)))) AS pages`,
        [folder.id, actor.companyId, folder.lane, folder.lane_owner_id, folder.path],
      );
      if (contents.folders > 0 || contents.pages > 0) {
        throw wikiError(
          'FOLDER_NOT_EMPTY',
          `${folder.path} still holds ${contents.folders} folder(s) and ${contents.pages} page(s); move or delete them first.`,
          { details: { folders: contents.folders, pages: contents.pages } },
        );
      }
      await manager.query(`UPDATE wiki.folders SET deleted_at = now() WHERE id = $1`, [folder.id]);
      return { deleted: true, folder: folderView(folder) };
    });
  }
}
