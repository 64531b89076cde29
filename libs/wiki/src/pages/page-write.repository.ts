import { Injectable } from '@nestjs/common';
import { all, first, rawQuery, run } from '@cw/db';
import type { EntityManager } from 'typeorm';
import type { LaneKind } from '../lanes/lane-path';
import { type NewPageRow, PAGE_COLUMNS, type PagePlacement, type PageRecord } from './page-record';

interface PathPlace {
  companyId: string;
  lane: LaneKind;
  laneOwnerId: string | null;
  folderPath: string;
}

/**
 * The page writes, hand-written fixed texts on the edit path (measured by the edit benchmark,
 * docs/benchmarks.md); some use a parameter twice, hence `rawQuery`.
 */
export const pageWriteStatements = {
  isPathTaken: (place: PathPlace, title: string, exceptPageId: string) =>
    rawQuery<unknown>(
      `SELECT 1 FROM wiki.pages WHERE company_id = $1 AND lane = $2 AND lane_owner_id IS NOT DISTINCT FROM $3
          AND lower(folder_path) = lower($4) AND lower(title) = lower($5) AND deleted_at IS NULL AND id <> $6`,
      [place.companyId, place.lane, place.laneOwnerId, place.folderPath, title, exceptPageId],
    ),

  insertUnlessTaken: (page: NewPageRow) =>
    rawQuery<PageRecord>(
      `INSERT INTO wiki.pages (company_id, lane, lane_owner_id, folder_id, folder_path, title, content_md, created_by, inbox_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT DO NOTHING
       RETURNING ${PAGE_COLUMNS.replace(/p\./g, '')}, true AS can_read`,
      [
        page.companyId,
        page.lane,
        page.laneOwnerId,
        page.folderId,
        page.folderPath,
        page.title,
        page.contentMd,
        page.createdBy,
        page.inboxKey,
      ],
    ),

  updateHead: (pageId: string, body: { title: string; content: string }, version: number) =>
    rawQuery(
      `UPDATE wiki.pages SET title = $2, content_md = $3, current_version = $4, last_version = $4, updated_at = now()
        WHERE id = $1`,
      [pageId, body.title, body.content, version],
    ),

  advanceLastVersion: (pageId: string, version: number) =>
    rawQuery(`UPDATE wiki.pages SET last_version = $2 WHERE id = $1`, [pageId, version]),

  // A page that leaves the Private lane is no longer an Inbox page that upserts resolve to.
  relocate: (pageId: string, placement: PagePlacement) =>
    rawQuery(
      `UPDATE wiki.pages
            SET lane = $2, lane_owner_id = $3, folder_id = $4, folder_path = $5, updated_at = now(),
                inbox_key = CASE WHEN $2 = 'private' THEN inbox_key END
          WHERE id = $1`,
      [pageId, placement.lane, placement.ownerId, placement.folderId, placement.folderPath],
    ),

  /** Answers the ids of the pages it changed (what the caller counts). */
  followFolderPaths: (folderIds: readonly string[]) =>
    rawQuery<{ id: string }>(
      `UPDATE wiki.pages p SET folder_path = f.path, updated_at = now()
         FROM wiki.folders f
        WHERE f.id = p.folder_id AND p.folder_id = ANY($1::uuid[]) AND p.folder_path <> f.path
        RETURNING p.id`,
      [folderIds],
    ),
};

/**
 * `wiki.pages` as its writers change it: a new page, a new head, a move, and the check that a
 * path is free. A write addresses a page the caller has read and locked (PageReadRepository).
 */
@Injectable()
export class PageWriteRepository {
  /** Whether another live page of the lane already has this folder path and title. */
  async isPathTaken(
    manager: EntityManager,
    place: PathPlace,
    title: string,
    exceptPageId: string,
  ): Promise<boolean> {
    const clash = await all(manager, pageWriteStatements.isPathTaken(place, title, exceptPageId));
    return clash.length > 0;
  }

  /** Inserts a page; null when a live page already holds its path (or inbox key). */
  insertUnlessTaken(manager: EntityManager, page: NewPageRow): Promise<PageRecord | null> {
    return first(manager, pageWriteStatements.insertUnlessTaken(page));
  }

  /** Makes `version` the head, with this title and body. */
  updateHead(
    manager: EntityManager,
    pageId: string,
    body: { title: string; content: string },
    version: number,
  ): Promise<void> {
    return run(manager, pageWriteStatements.updateHead(pageId, body, version));
  }

  /** Records that `version` (a draft) is the highest one stored; the head stays. */
  advanceLastVersion(manager: EntityManager, pageId: string, version: number): Promise<void> {
    return run(manager, pageWriteStatements.advanceLastVersion(pageId, version));
  }

  /** Moves a page to another folder or lane. */
  relocate(manager: EntityManager, pageId: string, placement: PagePlacement): Promise<void> {
    return run(manager, pageWriteStatements.relocate(pageId, placement));
  }

  /**
   * Gives the pages (live and trashed) of these folders their folder's current path; answers
   * how many changed.
   */
  async followFolderPaths(manager: EntityManager, folderIds: readonly string[]): Promise<number> {
    return (await all(manager, pageWriteStatements.followFolderPaths(folderIds))).length;
  }
}
