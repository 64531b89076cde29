import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  contentReadableSql,
  type Reader,
  readablePagesSql,
  visiblePagesSql,
} from '../access/visibility.sql';
import type { LaneRef } from '../lanes/lane-path';
import { POSITION_FORMAT, type SyncPosition } from '../sync/sync-cursor';
import { PAGE_COLUMNS, type PageRecord } from './page-record';

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

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * The lane owner of page `alias` spelled as `pages_live_path_key` indexes it (migration
 * 1763850000002): a company page, which has no owner, counts as owned by `ZERO_UUID`. Compared
 * in that spelling (with `lane.ownerId ?? ZERO_UUID`), the owner is part of the index scan that
 * finds a folder's pages by company, lane, owner and folder path; `IS NOT DISTINCT FROM` would
 * leave it to a filter over the rows of every owner's folder of that path.
 */
function indexedLaneOwnerSql(alias: string): string {
  return `coalesce(${alias}.lane_owner_id, '${ZERO_UUID}')`;
}

const SETTLE_INTERVAL = `interval '1 second'`;
const UNSEEN_SESSION_INTERVAL = `interval '30 seconds'`;

/**
 * `wiki.pages` listed for a person: a folder's pages, the recently updated ones, and the sync
 * change feed with its horizon.
 */
@Injectable()
export class PageListingRepository {
  constructor(private readonly dataSource: DataSource) {}

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
          AND ${indexedLaneOwnerSql('p')} = $3::uuid
          AND lower(p.folder_path) = lower($4) AND ${visible}
        ORDER BY lower(p.title), p.id
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
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
