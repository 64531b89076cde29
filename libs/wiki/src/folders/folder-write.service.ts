import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';
import { DataSource } from 'typeorm';
import { wikiError } from '../errors/wiki-errors';
import { canWriteLane, joinPath } from '../lanes/lane-path';
import { LaneResolverService, type ResolvedFolderPath } from '../lanes/lane-resolver.service';
import { FolderRepository } from './folder.repository';
import { FolderTreeRepository } from './folder-tree.repository';
import { FolderPathsService } from './folder-paths.service';
import { type FolderView, folderView } from './folder-view';
import { FolderTreeChanged, retryOnTreeChange } from './tree-retry';

export interface FolderCreateResult {
  /** False when the folder already existed (the route answers 200 instead of 201). */
  created: boolean;
  folder: FolderView;
}

/** Creating (mkdir -p, idempotent) and deleting (empty only, soft) folders. */
@Injectable()
export class FolderWriteService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lanes: LaneResolverService,
    private readonly paths: FolderPathsService,
    private readonly folders: FolderRepository,
    private readonly tree: FolderTreeRepository,
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
        const parent = await this.paths.ensure(manager, actor, parentPath);
        const inserted = await this.folders.insertUnlessTaken(manager, {
          companyId: actor.companyId,
          lane: resolved.lane,
          laneOwnerId: resolved.ownerId,
          parentId: parent.folderId,
          name: resolved.segments.at(-1)!,
          path: fullPath,
          createdBy: actor.personId,
        });
        const row = await this.folders.findByPath(
          manager,
          actor.companyId,
          resolved,
          fullPath,
          false,
        );
        // The parent moved between its lookup and the insert (the path trigger filed the new
        // folder under the parent's new path): start over so that the path asked for exists.
        if (!row || (inserted && inserted.id !== row.id)) throw new FolderTreeChanged();
        return { created: inserted !== null, folder: folderView(row) };
      }),
    );
  }

  /** Soft-deletes an empty folder: no live subfolder and no live page (trashed pages may stay). */
  async remove(actor: Actor, path: string): Promise<{ deleted: true; folder: FolderView }> {
    const resolved = await this.writableFolderPath(actor, path, 'deleted');
    const fullPath = joinPath(resolved.root, resolved.segments);
    return this.dataSource.transaction(async (manager) => {
      await this.tree.lockLanes(manager, actor.companyId, [resolved]);
      const folder = await this.folders.findByPath(
        manager,
        actor.companyId,
        resolved,
        fullPath,
        true,
      );
      if (!folder) throw AppError.notFound(`No folder at ${fullPath}.`);
      const contents = await this.tree.countLiveContents(manager, actor.companyId, folder);
      if (contents.folders > 0 || contents.pages > 0) {
        throw wikiError(
          'FOLDER_NOT_EMPTY',
          `${folder.path} still holds ${contents.folders} folder(s) and ${contents.pages} page(s); move or delete them first.`,
          { details: { folders: contents.folders, pages: contents.pages } },
        );
      }
      await this.tree.markDeleted(manager, folder.id);
      return { deleted: true, folder: folderView(folder) };
    });
  }
}
