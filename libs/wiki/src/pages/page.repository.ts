import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  contentReadableSql,
  type Reader,
  readablePagesSql,
  visiblePagesSql,
} from '../access/visibility.sql';
import type { LaneKind, LaneRef } from '../lanes/lane-path';
import type { PrefixExpansion } from '../search/prefix-expansion';
import type { ParsedSearchText } from '../search/search-text';
import { POSITION_FORMAT, type SyncPosition } from '../sync/sync-cursor';
import type { Page } from './entities/page.entity';
import {
  memoryMatchesStatement,
  type MemoryNoteRecord,
  standingMemoryStatement,
} from './page-memory.sql';
import type { PageRef } from './page-ref';
import { pageSearchStatement, type SearchHitRecord } from './page-search.sql';

/** A page as the statements of this repository read it, with what the reader may do with it. */
export interface PageRecord {
  id: string;
  public_id: string;
  company_id: string;
  lane: LaneKind;
  lane_owner_id: string | null;
  folder_id: string | null;
  folder_path: string;
  title: string;
  content_md: string;
  current_version: number;
  last_version: number;
  restricted: boolean;
  is_folder_index: boolean;
  inbox_key: string | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  /** False for a restricted page the reader is not listed on: metadata only. */
  can_read: boolean;
}

export interface TrashedPageRecord extends PageRecord {
  deleted_at: Date;
}

/** A page as the sync change feed reads it. */
export interface PageChangeRecord {
  id: string;
  public_id: string;
  current_version: number;
  title: string;
  folder_path: string;
  updated_at: Date;
  /** `updated_at` to the microsecond, as a SyncPosition's `updatedAt`. */
  position: string;
  deleted: boolean;
}

/** Where a page lives: its lane and folder. */
export interface PagePlacement extends LaneRef {
  folderId: string | null;
  folderPath: string;
}

/** The columns of a new page that its writer chooses; the rest take their defaults. */
export type NewPageRow = Pick<
  Page,
  | 'companyId'
  | 'lane'
  | 'laneOwnerId'
  | 'folderId'
  | 'folderPath'
  | 'title'
  | 'contentMd'
  | 'createdBy'
  | 'inboxKey'
>;

const PAGE_COLUMNS = `p.id, p.public_id, p.company_id, p.lane, p.lane_owner_id, p.folder_id, p.folder_path,
  p.title, p.content_md, p.current_version, p.last_version, p.restricted, p.is_folder_index, p.inbox_key,
  p.created_by, p.created_at, p.updated_at`;

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

const SETTLE_INTERVAL = `interval '1 second'`;
const UNSEEN_SESSION_INTERVAL = `interval '30 seconds'`;

/**
 * The read of one page visible to `reader` (with `lock`, locked for the rest of the caller's
 * transaction): `$1` the page id, `$2` the company, `$3` the person, `$4` the team ids.
 */
export function visiblePageStatement(
  reader: Reader,
  ref: PageRef,
  lock: boolean,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [ref.id];
  const visible = visiblePagesSql('p', reader, params);
  const person = `$${params.length - 1}`;
  const key = ref.kind === 'legacy' ? 'p.id = $1::bigint' : 'p.public_id = $1::uuid';
  return {
    sql: `SELECT ${PAGE_COLUMNS},
              ${contentReadableSql('p', person)} AS can_read
         FROM wiki.pages p
        WHERE ${key} AND ${visible}
        ${lock ? 'FOR UPDATE OF p' : ''}`,
    params,
  };
}

/**
 * `wiki.pages`. Every statement that reads pages for a person applies the one visibility
 * definition (access/visibility.sql.ts); writes address a page the caller has read and locked.
 */
@Injectable()
export class PageRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The page if `reader` can see it; with `lock`, locked for the rest of the transaction. */
  async findVisible(
    manager: EntityManager,
    reader: Reader,
    ref: PageRef,
    lock: boolean,
  ): Promise<PageRecord | null> {
    const { sql, params } = visiblePageStatement(reader, ref, lock);
    const [row]: PageRecord[] = await manager.query(sql, params);
    return row ?? null;
  }

  /**
   * The live page of the lane at `folderPath` with `title`, or (preferred) the one holding
   * `inboxKey`, locked: what an upsert saves to.
   */
  async findForUpsert(
    manager: EntityManager,
    reader: Reader,
    lane: LaneRef,
    folderPath: string,
    title: string,
    inboxKey: string | null,
  ): Promise<PageRecord | null> {
    const params: unknown[] = [lane.lane, lane.ownerId, folderPath, title, inboxKey];
    const visible = visiblePagesSql('p', reader, params);
    const person = `$${params.length - 1}`;
    // An inbox key match wins over a path match, so that a renamed inbox page is still found.
    const [row]: PageRecord[] = await manager.query(
      `SELECT ${PAGE_COLUMNS},
              ${contentReadableSql('p', person)} AS can_read
         FROM wiki.pages p
        WHERE ${visible} AND p.lane = $1 AND p.lane_owner_id IS NOT DISTINCT FROM $2
          AND (($5::text IS NOT NULL AND p.inbox_key = $5)
               OR (lower(p.folder_path) = lower($3) AND lower(p.title) = lower($4)))
        ORDER BY (p.inbox_key IS NOT DISTINCT FROM $5) DESC
        LIMIT 1
        FOR UPDATE OF p`,
      params,
    );
    return row ?? null;
  }

  /** The pages of one folder that `reader` can see, by title. */
  async listInFolder(
    reader: Reader,
    lane: LaneRef,
    folderPath: string,
    limit: number,
    offset: number,
  ): Promise<PageRecord[]> {
    const params: unknown[] = [reader.companyId, lane.lane, lane.ownerId ?? ZERO_UUID, folderPath];
    const visible = visiblePagesSql('p', reader, params);
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

  /** The pages among these ids that `reader` can see (trashed ones are not). */
  async findVisibleBatch(
    reader: Reader,
    legacyIds: readonly string[],
    publicIds: readonly string[],
  ): Promise<PageRecord[]> {
    const params: unknown[] = [legacyIds, publicIds];
    const readable = readablePagesSql('p', reader, params);
    const visible = visiblePagesSql('p', reader, params);
    return this.dataSource.query(
      `SELECT ${PAGE_COLUMNS}, ${readable} AS can_read FROM wiki.pages p
        WHERE (p.id = ANY($1::bigint[]) OR p.public_id = ANY($2::uuid[])) AND ${visible}`,
      params,
    );
  }

  /** The pages whose content `reader` may read, most recently updated first. */
  async listRecentlyUpdated(reader: Reader, limit: number): Promise<PageRecord[]> {
    const params: unknown[] = [];
    const readable = readablePagesSql('p', reader, params);
    params.push(limit);
    return this.dataSource.query(
      `SELECT ${PAGE_COLUMNS}, true AS can_read FROM wiki.pages p
        WHERE ${readable}
        ORDER BY p.updated_at DESC, p.id DESC LIMIT $${params.length}`,
      params,
    );
  }

  /** Whether another live page of the lane already has this folder path and title. */
  async isPathTaken(
    manager: EntityManager,
    place: { companyId: string; lane: LaneKind; laneOwnerId: string | null; folderPath: string },
    title: string,
    exceptPageId: string,
  ): Promise<boolean> {
    const clash: unknown[] = await manager.query(
      `SELECT 1 FROM wiki.pages WHERE company_id = $1 AND lane = $2 AND lane_owner_id IS NOT DISTINCT FROM $3
          AND lower(folder_path) = lower($4) AND lower(title) = lower($5) AND deleted_at IS NULL AND id <> $6`,
      [place.companyId, place.lane, place.laneOwnerId, place.folderPath, title, exceptPageId],
    );
    return clash.length > 0;
  }

  /** Inserts a page; null when a live page already holds its path (or inbox key). */
  async insertUnlessTaken(manager: EntityManager, page: NewPageRow): Promise<PageRecord | null> {
    const [row]: PageRecord[] = await manager.query(
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
    );
    return row ?? null;
  }

  /** Makes `version` the head, with this title and body. */
  async updateHead(
    manager: EntityManager,
    pageId: string,
    body: { title: string; content: string },
    version: number,
  ): Promise<void> {
    await manager.query(
      `UPDATE wiki.pages SET title = $2, content_md = $3, current_version = $4, last_version = $4, updated_at = now()
        WHERE id = $1`,
      [pageId, body.title, body.content, version],
    );
  }

  /** Records that `version` (a draft) is the highest one stored; the head stays. */
  async advanceLastVersion(manager: EntityManager, pageId: string, version: number): Promise<void> {
    await manager.query(`UPDATE wiki.pages SET last_version = $2 WHERE id = $1`, [pageId, version]);
  }

  /** Moves a page to another folder or lane. */
  async relocate(manager: EntityManager, pageId: string, placement: PagePlacement): Promise<void> {
    // A page that leaves the Private lane is no longer an Inbox page that upserts resolve to.
    await manager.query(
      `UPDATE wiki.pages
            SET lane = $2, lane_owner_id = $3, folder_id = $4, folder_path = $5, updated_at = now(),
                inbox_key = CASE WHEN $2 = 'private' THEN inbox_key END
          WHERE id = $1`,
      [pageId, placement.lane, placement.ownerId, placement.folderId, placement.folderPath],
    );
  }

  /**
   * Gives the pages (live and trashed) of these folders their folder's current path; answers
   * how many changed.
   */
  async followFolderPaths(manager: EntityManager, folderIds: readonly string[]): Promise<number> {
    // TypeORM answers an UPDATE with [rows, affected row count].
    const [, changed]: [unknown[], number] = await manager.query(
      `UPDATE wiki.pages p SET folder_path = f.path, updated_at = now()
         FROM wiki.folders f
        WHERE f.id = p.folder_id AND p.folder_id = ANY($1::uuid[]) AND p.folder_path <> f.path`,
      [folderIds],
    );
    return changed;
  }

  async markTrashed(manager: EntityManager, pageId: string, personId: string): Promise<void> {
    await manager.query(
      `UPDATE wiki.pages SET deleted_at = now(), deleted_by = $2, updated_at = now() WHERE id = $1`,
      [pageId, personId],
    );
  }

  /** Trashed pages of the lanes `reader` can write, newest first. */
  async listTrashed(reader: Reader, limit: number, offset: number): Promise<TrashedPageRecord[]> {
    return this.dataSource.query(
      `SELECT ${PAGE_COLUMNS}, p.deleted_at, true AS can_read FROM wiki.pages p
        WHERE p.company_id = $1 AND p.deleted_at IS NOT NULL AND (
              (p.lane = 'private' AND p.lane_owner_id = $2)
           OR (p.lane = 'team' AND p.lane_owner_id = ANY($3::uuid[]))
           OR p.lane = 'company')
        ORDER BY p.deleted_at DESC, p.id DESC LIMIT $4 OFFSET $5`,
      [reader.companyId, reader.personId, reader.teamIds, limit, offset],
    );
  }

  /** A trashed page of the company, locked for the rest of the transaction. */
  async lockTrashed(
    manager: EntityManager,
    companyId: string,
    ref: PageRef,
  ): Promise<PageRecord | null> {
    const key = ref.kind === 'legacy' ? 'p.id = $1::bigint' : 'p.public_id = $1::uuid';
    const [row]: PageRecord[] = await manager.query(
      `SELECT ${PAGE_COLUMNS}, true AS can_read FROM wiki.pages p
          WHERE ${key} AND p.company_id = $2 AND p.deleted_at IS NOT NULL FOR UPDATE OF p`,
      [ref.id, companyId],
    );
    return row ?? null;
  }

  async markRestored(manager: EntityManager, pageId: string): Promise<void> {
    await manager.query(
      `UPDATE wiki.pages SET deleted_at = NULL, deleted_by = NULL, updated_at = now() WHERE id = $1`,
      [pageId],
    );
  }

  /** One page of search hits (see pageSearchStatement). */
  async search(
    reader: Reader,
    parsed: ParsedSearchText,
    expansion: PrefixExpansion | null,
    page: { limit: number; offset: number },
    checkExpansion: boolean,
  ): Promise<SearchHitRecord[]> {
    const { sql, params } = pageSearchStatement(reader, parsed, expansion, page, checkExpansion);
    return this.dataSource.query(sql, params);
  }

  /** The reader's standing memory page, if any (see standingMemoryStatement). */
  async findStandingMemory(
    manager: EntityManager,
    reader: Reader,
  ): Promise<MemoryNoteRecord | null> {
    const { sql, params } = standingMemoryStatement(reader);
    const [row]: MemoryNoteRecord[] = await manager.query(sql, params);
    return row ?? null;
  }

  /** Notes matching a memory query (see memoryMatchesStatement). */
  findMemoryMatches(
    manager: EntityManager,
    reader: Reader,
    parsed: ParsedSearchText,
    expansion: PrefixExpansion | null,
    includeShared: boolean,
    fetch: number,
  ): Promise<MemoryNoteRecord[]> {
    const { sql, params } = memoryMatchesStatement(reader, parsed, expansion, includeShared, fetch);
    return manager.query(sql, params);
  }

  /**
   * The pages in `reader`'s reach changed after `after` and before `horizon`, oldest first, at
   * most `limit`; trashed pages of those lanes included.
   */
  async listChanges(
    reader: Reader,
    horizon: string,
    after: SyncPosition | null,
    limit: number,
  ): Promise<PageChangeRecord[]> {
    const params: unknown[] = [];
    // The lane rule of the one visibility definition, applied to the page's lane with its trash
    // state masked: trashed pages of the lanes the reader sees come through as deletions.
    const visibleLane = visiblePagesSql('reach', reader, params);
    params.push(horizon);
    const horizonParam = `$${params.length}`;
    let keyset = '';
    if (after) {
      params.push(after.updatedAt, after.id);
      keyset = `AND (p.updated_at, p.id) > ($${params.length - 1}::timestamptz, $${params.length}::bigint)`;
    }
    params.push(limit);
    return this.dataSource.query(
      `SELECT p.id, p.public_id, p.current_version, p.title, p.folder_path, p.updated_at,
              to_char(p.updated_at AT TIME ZONE 'UTC', '${POSITION_FORMAT}') AS position,
              p.deleted_at IS NOT NULL AS deleted
         FROM wiki.pages p
        CROSS JOIN LATERAL (SELECT p.company_id, p.lane, p.lane_owner_id,
                                   NULL::timestamptz AS deleted_at) reach
        WHERE ${visibleLane}
          AND p.updated_at < ${horizonParam}::timestamptz
          ${keyset}
        ORDER BY p.updated_at, p.id
        LIMIT $${params.length}`,
      params,
    );
  }

  /**
   * The instant (a SyncPosition's `updatedAt`) before which every page's `updated_at` is final:
   * the start of the oldest transaction still open in this database, and at least a settling
   * second before now (which covers the moment between a transaction taking its start time and
   * showing up in `pg_stat_activity`). A session whose activity this role may not see counts as
   * started 30 seconds ago.
   */
  async changeHorizon(): Promise<string> {
    const [{ horizon }]: { horizon: string }[] = await this.dataSource.query(
      `SELECT to_char(LEAST(now() - ${SETTLE_INTERVAL}, (
                SELECT min(CASE WHEN a.xact_start IS NOT NULL THEN a.xact_start
                                WHEN a.state IS NULL OR a.state = 'disabled'
                                  THEN now() - ${UNSEEN_SESSION_INTERVAL} END)
                  FROM pg_stat_activity a
                 WHERE a.datname = current_database() AND a.pid <> pg_backend_pid()
                   AND (a.backend_type = 'client backend' OR a.backend_type IS NULL)))
              AT TIME ZONE 'UTC', '${POSITION_FORMAT}') AS horizon`,
    );
    return horizon;
  }
}
