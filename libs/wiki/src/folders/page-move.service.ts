import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { isUniqueViolation } from '@cw/db';
import { AppError, validationError } from '@cw/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { wikiError } from '../errors/wiki-errors';
import { canWriteLane, type LaneRef, sameLane } from '../lanes/lane-path';
import { LaneResolverService } from '../lanes/lane-resolver.service';
import type { PagePlacement, PageRecord } from '../pages/page-record';
import { PageWriteRepository } from '../pages/page-write.repository';
import { PageReader } from '../pages/page-reader';
import type { PageRef } from '../pages/page-ref';
import { pageSummary, type PageSummaryView, pathOf } from '../pages/page-view';
import { PageVersionsWriter } from '../pages/page-versions.writer';
import type { MovePageDto } from './dtos/move-page.dto';
import { FolderRepository } from './folder.repository';
import { FolderTreeRepository } from './folder-tree.repository';
import { FolderPathsService } from './folder-paths.service';
import { FolderTreeChanged, retryOnTreeChange } from './tree-retry';

export interface PageMoveResponse {
  outcome: 'moved' | 'no_change';
  previous_path: string;
  page: PageSummaryView;
  /** True when the title changed: a rename writes a new head version. */
  renamed: boolean;
  /** The head version the rename wrote; null when only the folder changed, or nothing did. */
  version_written: number | null;
}

/** A precondition of one move, checked on the locked page (it throws to refuse). */
export type PageMoveGuard = (manager: EntityManager, page: PageRecord) => Promise<void>;

/**
 * Moves a page to another folder (created like mkdir -p) and/or renames it. Any lane the actor
 * can write is a valid target, so a page can cross lanes (a private note published to the
 * Company lane, a team page taken into Private); the page row is locked for the whole change.
 */
@Injectable()
export class PageMoveService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reader: PageReader,
    private readonly lanes: LaneResolverService,
    private readonly paths: FolderPathsService,
    private readonly versions: PageVersionsWriter,
    private readonly pages: PageWriteRepository,
    private readonly folders: FolderRepository,
    private readonly tree: FolderTreeRepository,
  ) {}

  /**
   * `guard` (optional) runs in the move's transaction once the page is locked, with the lanes
   * involved locked too: a caller's own precondition that concurrent moves cannot slip past.
   */
  async move(
    actor: Actor,
    ref: PageRef,
    body: MovePageDto,
    guard?: PageMoveGuard,
  ): Promise<PageMoveResponse> {
    if (body.path === undefined && body.title === undefined) {
      throw validationError([{ field: 'path', message: 'give path, title or both' }]);
    }
    try {
      return await retryOnTreeChange(() =>
        this.dataSource.transaction((manager) => this.moveIn(manager, actor, ref, body, guard)),
      );
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw wikiError('PAGE_PATH_TAKEN', 'A live page already has that path.');
      }
      throw error;
    }
  }

  private async moveIn(
    manager: EntityManager,
    actor: Actor,
    ref: PageRef,
    body: MovePageDto,
    guard: PageMoveGuard | undefined,
  ): Promise<PageMoveResponse> {
    const seen = await this.reader.get(actor, ref, { manager });
    this.reader.assertEditable(actor, seen);
    const target = body.path === undefined ? null : await this.lanes.resolve(actor, body.path);
    if (target && !canWriteLane(actor, target)) {
      throw AppError.accessDenied(`You cannot write in ${target.root}.`);
    }
    const sourceLane: LaneRef = { lane: seen.lane, ownerId: seen.lane_owner_id };
    await this.tree.lockLanes(
      manager,
      actor.companyId,
      target ? [sourceLane, target] : [sourceLane],
    );
    const page = await this.reader.get(actor, ref, { manager, lock: true });
    // Another move took the page to another lane between the two reads: start over.
    if (!sameLane({ lane: page.lane, ownerId: page.lane_owner_id }, sourceLane)) {
      throw new FolderTreeChanged();
    }
    this.reader.assertEditable(actor, page);
    await guard?.(manager, page);
    const placement =
      body.path === undefined ? placementOf(page) : await this.place(manager, actor, body.path);
    const title = body.title ?? page.title;
    const previousPath = pathOf(page);
    const relocating =
      !sameLane(placement, { lane: page.lane, ownerId: page.lane_owner_id }) ||
      placement.folderId !== page.folder_id ||
      placement.folderPath !== page.folder_path;
    const renaming = title !== page.title;
    if (!relocating && !renaming) {
      return {
        outcome: 'no_change',
        previous_path: previousPath,
        page: pageSummary(page),
        renamed: false,
        version_written: null,
      };
    }
    const place = {
      companyId: actor.companyId,
      lane: placement.lane,
      laneOwnerId: placement.ownerId,
      folderPath: placement.folderPath,
    };
    if (await this.pages.isPathTaken(manager, place, title, page.id)) {
      throw wikiError(
        'PAGE_PATH_TAKEN',
        `A page titled "${title}" already exists in ${placement.folderPath}.`,
        { details: { path: `${placement.folderPath}/${title}` } },
      );
    }
    if (relocating) await this.pages.relocate(manager, page.id, placement);
    let versionWritten: number | null = null;
    if (renaming) {
      const saved = await this.versions.writeHead(
        manager,
        actor,
        page,
        { title, content: page.content_md },
        { message: body.message ?? `Renamed "${page.title}" to "${title}"` },
      );
      versionWritten = saved.version;
    }
    const moved = await this.reader.get(actor, { kind: 'legacy', id: page.id }, { manager });
    return {
      outcome: 'moved',
      previous_path: previousPath,
      page: pageSummary(moved),
      renamed: renaming,
      version_written: versionWritten,
    };
  }

  /** The target folder, created if missing, with its stored spelling. */
  private async place(manager: EntityManager, actor: Actor, path: string): Promise<PagePlacement> {
    const placed = await this.paths.ensure(manager, actor, path);
    const folder = placed.folderId ? await this.folders.findById(manager, placed.folderId) : null;
    return {
      lane: placed.lane,
      ownerId: placed.ownerId,
      folderId: placed.folderId,
      folderPath: folder ? folder.path : placed.root,
    };
  }
}

function placementOf(page: PageRecord): PagePlacement {
  return {
    lane: page.lane,
    ownerId: page.lane_owner_id,
    folderId: page.folder_id,
    folderPath: page.folder_path,
  };
}
