import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DirectoryService } from '@cw/identity';
import { AppError, offsetWindow } from '@cw/platform';
import { DataSource } from 'typeorm';
import { contentReadableSql, visiblePagesSql } from '../access/visibility';
import type { LaneKind } from '../lanes/lane-path';
import { LaneResolver, type ResolvedFolderPath } from '../lanes/lane-resolver.service';
import { PAGE_COLUMNS, type PageRow } from '../pages/page-row';
import {
  FOLDER_COLUMNS,
  type FolderEntryView,
  type FolderRow,
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

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

/** Lists a folder's direct subfolders and the pages in it that the actor can see. */
@Injectable()
export class FolderListing {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lanes: LaneResolver,
    private readonly directory: DirectoryService,
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
    const folderCount = await this.countSubfolders(actor, resolved, folder);
    const folders =
      offset < folderCount ? await this.subfolders(actor, resolved, folder, limit + 1, offset) : [];
    const pageSlots = limit + 1 - folders.length;
    const pages =
      pageSlots > 0
        ? await this.pages(
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
    const [row]: FolderRow[] = await this.dataSource.query(
      `SELECT ${FOLDER_COLUMNS} FROM wiki.folders f
        WHERE f.company_id = $1 AND f.lane = $2 AND f.lane_owner_id IS NOT DISTINCT FROM $3
          AND lower(f.path) = lower($4) AND f.deleted_at IS NULL`,
      [actor.companyId, resolved.lane, resolved.ownerId, path],
    );
    if (!row) throw AppError.notFound(`No folder at ${path}.`);
    return folderView(row);
  }

  private childrenFilter(
    actor: Actor,
    resolved: ResolvedFolderPath,
    folder: FolderView,
    params: unknown[],
  ): string {
    if (folder.id) {
      params.push(folder.id);
      return `f.parent_id = $${params.length}`;
    }
    params.push(actor.companyId, resolved.lane, resolved.ownerId);
    const n = params.length;
    return `f.parent_id IS NULL AND f.company_id = $${n - 2} AND f.lane = $${n - 1}
            AND f.lane_owner_id IS NOT DISTINCT FROM $${n}`;
  }

  private async countSubfolders(
    actor: Actor,
    resolved: ResolvedFolderPath,
    folder: FolderView,
  ): Promise<number> {
    const params: unknown[] = [];
    const filter = this.childrenFilter(actor, resolved, folder, params);
    const [row]: { count: string }[] = await this.dataSource.query(
      `SELECT count(*) AS count FROM wiki.folders f WHERE ${filter} AND f.deleted_at IS NULL`,
      params,
    );
    return Number(row.count);
  }

  private async subfolders(
    actor: Actor,
    resolved: ResolvedFolderPath,
    folder: FolderView,
    limit: number,
    offset: number,
  ): Promise<FolderRow[]> {
    const params: unknown[] = [];
    const filter = this.childrenFilter(actor, resolved, folder, params);
    params.push(limit, offset);
    return this.dataSource.query(
      `SELECT ${FOLDER_COLUMNS} FROM wiki.folders f
        WHERE ${filter} AND f.deleted_at IS NULL
        ORDER BY lower(f.name), f.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
  }

  private async pages(
    actor: Actor,
    resolved: { lane: LaneKind; ownerId: string | null },
    folderPath: string,
    limit: number,
    offset: number,
  ): Promise<PageRow[]> {
    const params: unknown[] = [
      actor.companyId,
      resolved.lane,
      resolved.ownerId ?? ZERO_UUID,
      folderPath,
    ];
    const visible = visiblePagesSql('p', actor, params);
    const person = `$${params.length - 1}`;
    params.push(limit, offset);
    return this.dataSource.query(
      `SELECT ${PAGE_COLUMNS},
              ${contentReadableSql('p', person)} AS can_read
         FROM wiki.pages p
        WHERE p.company_id = $1 AND p.lane = $2
          AND coalesce(p.lane_owner_id, '${ZERO_UUID}') = $3::uuid
          AND lower(p.folder_path) = lower($4) AND ${visible}
        ORDER BY lower(p.title), p.id
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
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
