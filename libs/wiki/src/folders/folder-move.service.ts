import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { isUniqueViolation } from '@cw/db';
import { AppError } from '@cw/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { wikiError } from '../errors/wiki-errors';
import { joinPath, type LaneRef, sameLane } from '../lanes/lane-path';
import { PageWriteRepository } from '../pages/page-write.repository';
import { FolderRepository } from './folder.repository';
import { FolderTreeRepository } from './folder-tree.repository';
import { FolderPathsService } from './folder-paths.service';
import { type FolderView, folderView } from './folder-view';
import { FolderWriteService } from './folder-write.service';
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
export class FolderMoveService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly paths: FolderPathsService,
    private readonly writer: FolderWriteService,
    private readonly folders: FolderRepository,
    private readonly tree: FolderTreeRepository,
    private readonly pages: PageWriteRepository,
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
          await this.tree.lockLanes(manager, actor.companyId, [from]);
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
    lane: LaneRef,
    source: string,
    to: { root: string; segments: string[] },
    target: string,
  ): Promise<FolderMoveResponse> {
    const folder = await this.folders.findByPath(manager, actor.companyId, lane, source, true);
    if (!folder) throw AppError.notFound(`No folder at ${source}.`);
    const existing = await this.folders.findByPath(manager, actor.companyId, lane, target, false);
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
    const subtree = await this.tree.lockSubtree(manager, folder.id);
    const descendantPaths = new Map<string, string>();
    const newPathOf = (id: string | null): string | undefined =>
      id === folder.id ? target : descendantPaths.get(id ?? '');
    for (const row of subtree) {
      if (row.id === folder.id) continue;
      const parentPath = newPathOf(row.parentId);
      if (parentPath !== undefined) descendantPaths.set(row.id, `${parentPath}/${row.name}`);
    }
    const movedIds = [folder.id, ...descendantPaths.keys()];
    const restricted = await this.tree.lockPagesCountingUnreadable(
      manager,
      movedIds,
      actor.personId,
    );
    if (restricted > 0) throw restrictedPagesInside(source, restricted);
    const parent = await this.paths.ensure(
      manager,
      actor,
      joinPath(to.root, to.segments.slice(0, -1)),
    );
    await this.tree.move(manager, folder.id, {
      parentId: parent.folderId,
      name: to.segments.at(-1)!,
      path: target,
    });
    await this.tree.setPaths(manager, descendantPaths);
    const movedPages = await this.pages.followFolderPaths(manager, movedIds);
    const moved = await this.folders.findById(manager, folder.id);
    return {
      outcome: 'moved',
      from: folder.path,
      folder: folderView(moved!),
      moved_folders: movedIds.length,
      moved_pages: movedPages,
    };
  }
}

/**
 * A folder move takes every page inside along, and a page restricted to people the mover is not
 * among is one they may not change (`PageReader.canEdit`): the whole move is refused.
 */
function restrictedPagesInside(source: string, count: number): AppError {
  return AppError.accessDenied(
    `${source} holds ${count} restricted page(s) whose access list you are not on, and moving the folder would move them too. Ask to be put on their access lists, or move the other pages one by one.`,
    { error: 'restricted_pages', restricted_pages: count },
  );
}

function taken(target: string): AppError {
  return wikiError('FOLDER_PATH_TAKEN', `A folder already exists at ${target}.`, {
    details: { path: target },
  });
}
