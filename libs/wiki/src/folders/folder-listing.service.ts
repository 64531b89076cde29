import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DirectoryService } from '@cw/identity/credentials';
import { AppError, offsetWindow } from '@cw/platform';
import { DataSource } from 'typeorm';
import { LaneResolverService, type ResolvedFolderPath } from '../lanes/lane-resolver.service';
import { PageListingRepository } from '../pages/page-listing.repository';
import { FolderRepository } from './folder.repository';
import {
  type FolderEntryView,
  type FolderView,
  folderPageView,
  folderView,
  laneRootView,
} from './folder-view';

export interface FolderListResponse {
  /** The listed folder; null when listing your lane roots. */
  folder: FolderView | null;
  /** Subfolders first (by name), then pages (by title); one limit/offset runs over both. */
  items: FolderEntryView[];
  has_more: boolean;
  next_offset: number | null;
}

/** Lists a folder's direct subfolders and the pages in it that the actor can see. */
@Injectable()
export class FolderListingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lanes: LaneResolverService,
    private readonly directory: DirectoryService,
    private readonly folders: FolderRepository,
    private readonly pages: PageListingRepository,
  ) {}

  async list(
    actor: Actor,
    path: string | undefined,
    limit: number,
    offset: number,
  ): Promise<FolderListResponse> {
    if (path === undefined) return this.laneRoots(actor, limit, offset);
    const resolved = await this.lanes.resolve(actor, path);
    const folder = await this.folderAt(actor, resolved);
    const folderCount = await this.folders.countChildren(actor.companyId, resolved, folder.id);
    const folders =
      offset < folderCount
        ? await this.folders.listChildren(actor.companyId, resolved, folder.id, limit + 1, offset)
        : [];
    const pageSlots = limit + 1 - folders.length;
    const pages =
      pageSlots > 0
        ? await this.pages.listInFolder(
            actor,
            resolved,
            folder.path,
            pageSlots,
            Math.max(0, offset - folderCount),
          )
        : [];
    const items: FolderEntryView[] = [...folders.map(folderView), ...pages.map(folderPageView)];
    return page(folder, items, limit, offset);
  }

  private async laneRoots(
    actor: Actor,
    limit: number,
    offset: number,
  ): Promise<FolderListResponse> {
    const teams = await this.directory.teamsByIds(actor.teamIds);
    const roots: FolderView[] = [
      laneRootView('private', 'Private', '/Private'),
      ...teams.map((team) => laneRootView('team', team.name, `/Teams/${team.name}`)),
      laneRootView('company', 'Company', '/Company'),
    ];
    return page(null, roots.slice(offset, offset + limit + 1), limit, offset);
  }

  /** The listed folder: a lane root, or a live folder row (404 when there is none). */
  private async folderAt(actor: Actor, resolved: ResolvedFolderPath): Promise<FolderView> {
    if (resolved.segments.length === 0) {
      const name =
        resolved.lane === 'team' ? resolved.root.slice('/Teams/'.length) : resolved.root.slice(1);
      return laneRootView(resolved.lane, name, resolved.root);
    }
    const path = [resolved.root, ...resolved.segments].join('/');
    const row = await this.folders.findByPath(
      this.dataSource.manager,
      actor.companyId,
      resolved,
      path,
      false,
    );
    if (!row) throw AppError.notFound(`No folder at ${path}.`);
    return folderView(row);
  }
}

function page(
  folder: FolderView | null,
  fetched: FolderEntryView[],
  limit: number,
  offset: number,
): FolderListResponse {
  return { folder, ...offsetWindow(fetched, limit, offset) };
}
