import { Injectable } from '@nestjs/common';
import { all } from '@cw/db';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import {
  contentReadable,
  type Reader,
  readablePages,
  visiblePages,
} from '../access/visibility.sql';
import type { LaneRef } from '../lanes/lane-path';
import { POSITION_FORMAT, type SyncPosition } from '../sync/sync-cursor';
import type { WikiPages, WikiRow } from '../wiki-schema';
import { PAGE_COLUMNS, type PageRecord } from './page-record';

/** A page as the sync change feed reads it. */
export type PageChangeRecord = WikiRow<
  WikiPages,
  'id' | 'public_id' | 'current_version' | 'title' | 'folder_path' | 'updated_at'
> & {
  /** `updated_at` to the microsecond, as a SyncPosition's `updatedAt`. */
  position: string;
  deleted: boolean;
};

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * The lane owner of page `alias` spelled as `pages_live_path_key` indexes it (migration
 * 1763850000002): a company page, which has no owner, counts as owned by `ZERO_UUID`. Compared
 * in that spelling (with `lane.ownerId ?? ZERO_UUID`), the owner is part of the index scan that
 * finds a folder's pages by company, lane, owner and folder path; `IS NOT DISTINCT FROM` would
 * leave it to a filter over the rows of every owner's folder of that path.
 */
const indexedLaneOwner = (alias: string) =>
  sql.raw(`coalesce(${alias}.lane_owner_id, '${ZERO_UUID}')`);

const pageColumns = sql.raw(PAGE_COLUMNS);
const SETTLE_INTERVAL = sql.raw(`interval '1 second'`);
const UNSEEN_SESSION_INTERVAL = sql.raw(`interval '30 seconds'`);

/**
 * The listings, hand-written around the indexes they are shaped for (`pages_live_path_key` for
 * a folder, the keyset order of the change feed) and the visibility predicate.
 */
export const pageListingStatements = {
  listInFolder: (
    reader: Reader,
    lane: LaneRef,
    folderPath: string,
    limit: number,
    offset: number,
  ) =>
    sql<PageRecord>`SELECT ${pageColumns},
              ${contentReadable('p', reader.personId)} AS can_read
         FROM wiki.pages p
        WHERE p.company_id = ${reader.companyId} AND p.lane = ${lane.lane}
          AND ${indexedLaneOwner('p')} = ${lane.ownerId ?? ZERO_UUID}::uuid
          AND lower(p.folder_path) = lower(${folderPath}) AND ${visiblePages('p', reader)}
        ORDER BY lower(p.title), p.id
        LIMIT ${limit} OFFSET ${offset}`,

  listRecentlyUpdated: (reader: Reader, limit: number) =>
    sql<PageRecord>`SELECT ${pageColumns}, true AS can_read FROM wiki.pages p
        WHERE ${readablePages('p', reader)}
        ORDER BY p.updated_at DESC, p.id DESC LIMIT ${limit}`,

  /**
   * The lane rule of the one visibility definition, applied to the page's lane with its trash
   * state masked: trashed pages of the lanes the reader sees come through as deletions.
   */
  listChanges: (reader: Reader, horizon: string, after: SyncPosition | null, limit: number) =>
    sql<PageChangeRecord>`SELECT p.id, p.public_id, p.current_version, p.title, p.folder_path, p.updated_at,
              to_char(p.updated_at AT TIME ZONE 'UTC', ${sql.lit(POSITION_FORMAT)}) AS position,
              p.deleted_at IS NOT NULL AS deleted
         FROM wiki.pages p
        CROSS JOIN LATERAL (SELECT p.company_id, p.lane, p.lane_owner_id,
                                   NULL::timestamptz AS deleted_at) reach
        WHERE ${visiblePages('reach', reader)}
          AND p.updated_at < ${horizon}::timestamptz
          ${after ? sql`AND (p.updated_at, p.id) > (${after.updatedAt}::timestamptz, ${after.id}::bigint)` : sql.raw('')}
        ORDER BY p.updated_at, p.id
        LIMIT ${limit}`,

  changeHorizon: () =>
    sql<{ horizon: string }>`SELECT to_char(LEAST(now() - ${SETTLE_INTERVAL}, (
                SELECT min(CASE WHEN a.xact_start IS NOT NULL THEN a.xact_start
                                WHEN a.state IS NULL OR a.state = 'disabled'
                                  THEN now() - ${UNSEEN_SESSION_INTERVAL} END)
                  FROM pg_stat_activity a
                 WHERE a.datname = current_database() AND a.pid <> pg_backend_pid()
                   AND (a.backend_type = 'client backend' OR a.backend_type IS NULL)))
              AT TIME ZONE 'UTC', ${sql.lit(POSITION_FORMAT)}) AS horizon`,
};

/**
 * `wiki.pages` listed for a person: a folder's pages, the recently updated ones, and the sync
 * change feed with its horizon.
 */
@Injectable()
export class PageListingRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The pages of one folder that `reader` can see, by title. */
  listInFolder(
    reader: Reader,
    lane: LaneRef,
    folderPath: string,
    limit: number,
    offset: number,
  ): Promise<PageRecord[]> {
    return all(
      this.dataSource,
      pageListingStatements.listInFolder(reader, lane, folderPath, limit, offset),
    );
  }

  /** The pages whose content `reader` may read, most recently updated first. */
  listRecentlyUpdated(reader: Reader, limit: number): Promise<PageRecord[]> {
    return all(this.dataSource, pageListingStatements.listRecentlyUpdated(reader, limit));
  }

  /**
   * The pages in `reader`'s reach changed after `after` and before `horizon`, oldest first, at
   * most `limit`; trashed pages of those lanes included.
   */
  listChanges(
    reader: Reader,
    horizon: string,
    after: SyncPosition | null,
    limit: number,
  ): Promise<PageChangeRecord[]> {
    return all(this.dataSource, pageListingStatements.listChanges(reader, horizon, after, limit));
  }

  /**
   * The instant (a SyncPosition's `updatedAt`) before which every page's `updated_at` is final:
   * the start of the oldest transaction still open in this database, and at least a settling
   * second before now (which covers the moment between a transaction taking its start time and
   * showing up in `pg_stat_activity`). A session whose activity this role may not see counts as
   * started 30 seconds ago.
   */
  async changeHorizon(): Promise<string> {
    const [{ horizon }] = await all(this.dataSource, pageListingStatements.changeHorizon());
    return horizon;
  }
}
