import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { isUniqueViolation } from '@cw/db';
import { AppError, validationError } from '@cw/platform';
import { wikiError } from '../errors/wiki-errors';
import { DataSource, type EntityManager } from 'typeorm';
import { canWriteLane, type LaneKind, type LaneRef } from '../lanes/lane-path';
import { LaneResolver } from '../lanes/lane-resolver.service';
import { FolderPaths } from '../pages/folder-paths.service';
import { PageReader } from '../pages/page-reader.service';
import { assertEditable, type PageRef, type PageRow, pathOf } from '../pages/page-row';
import { pageSummary, type PageSummaryView } from '../pages/page-view';
import { PageVersionsWriter } from '../pages/page-versions.writer';
import type { MovePageDto } from './dtos/folder.dtos';
import { lockLanes, sameLane } from './lane-lock';
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

interface Placement extends LaneRef {
  lane: LaneKind;
  folderId: string | null;
  folderPath: string;
}

/**
 * Moves a page to another folder (created like mkdir -p) and/or renames it. Any lane the actor
 * can write is a valid target, so a page can cross lanes (a private note published to the
 * Company lane, a team page taken into Private); the page row is locked for the whole change.
 */
@Injectable()
export class PageMover {
  constructor(
    private readonly dataSource: DataSource,
    private readonly pages: PageReader,
    private readonly lanes: LaneResolver,
    private readonly folders: FolderPaths,
    private readonly versions: PageVersionsWriter,
  ) {}

  async move(actor: Actor, ref: PageRef, body: MovePageDto): Promise<PageMoveResponse> {
    if (body.path === undefined && body.title === undefined) {
      throw validationError([{ field: 'path', message: 'give path, title or both' }]);
    }
    try {
      return await retryOnTreeChange(() =>
        this.dataSource.transaction((manager) => this.moveIn(manager, actor, ref, body)),
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
  ): Promise<PageMoveResponse> {
    const seen = await this.pages.get(actor, ref, { manager });
    assertEditable(actor, seen);
    const target = body.path === undefined ? null : await this.lanes.resolve(actor, body.path);
    if (target && !canWriteLane(actor, target)) {
      throw AppError.accessDenied(`You cannot write in ${target.root}.`);
    }
    const sourceLane: LaneRef = { lane: seen.lane, ownerId: seen.lane_owner_id };
    await lockLanes(manager, actor, target ? [sourceLane, target] : [sourceLane]);
    const page = await this.pages.get(actor, ref, { manager, lock: true });
    // Another move took the page to another lane between the two reads: start over.
    if (!sameLane({ lane: page.lane, ownerId: page.lane_owner_id }, sourceLane)) {
      throw new FolderTreeChanged();
    }
    assertEditable(actor, page);
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
    const [clash]: unknown[] = await manager.query(
      `SELECT 1 FROM wiki.pages
        WHERE company_id = $1 AND lane = $2 AND lane_owner_id IS NOT DISTINCT FROM $3
          AND lower(folder_path) = lower($4) AND lower(title) = lower($5)
          AND deleted_at IS NULL AND id <> $6`,
      [actor.companyId, placement.lane, placement.ownerId, placement.folderPath, title, page.id],
    );
    if (clash) {
      throw wikiError(
        'PAGE_PATH_TAKEN',
        `A page titled "${title}" already exists in ${placement.folderPath}.`,
        { details: { path: `${placement.folderPath}/${title}` } },
      );
    }
    if (relocating) {
      // A page that leaves the Private lane is no longer an Inbox page that upserts resolve to.
      await manager.query(
        `UPDATE wiki.pages
            SET lane = $2, lane_owner_id = $3, folder_id = $4, folder_path = $5, updated_at = now(),
                inbox_key = CASE WHEN $2 = 'private' THEN inbox_key END
          WHERE id = $1`,
        [page.id, placement.lane, placement.ownerId, placement.folderId, placement.folderPath],
      );
    }
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
    const moved = await this.pages.get(actor, { kind: 'legacy', id: page.id }, { manager });
    return {
      outcome: 'moved',
      previous_path: previousPath,
      page: pageSummary(moved),
      renamed: renaming,
      version_written: versionWritten,
    };
  }

  /** The target folder, created if missing, with its stored spelling. */
  private async place(manager: EntityManager, actor: Actor, path: string): Promise<Placement> {
    const placed = await this.folders.ensure(manager, actor, path);
    if (!placed.folderId) {
      return {
        lane: placed.lane,
        ownerId: placed.ownerId,
        folderId: null,
        folderPath: placed.root,
      };
    }
    const [folder]: { path: string }[] = await manager.query(
      `SELECT path FROM wiki.folders WHERE id = $1`,
      [placed.folderId],
    );
    return {
      lane: placed.lane,
      ownerId: placed.ownerId,
      folderId: placed.folderId,
      folderPath: folder.path,
    };
  }
}

function placementOf(page: PageRow): Placement {
  return {
    lane: page.lane,
    ownerId: page.lane_owner_id,
    folderId: page.folder_id,
    folderPath: page.folder_path,
  };
}
