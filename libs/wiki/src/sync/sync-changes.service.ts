import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DataSource } from 'typeorm';
import { visiblePagesSql } from '../access/visibility';
import { pathOf } from '../pages/page-row';
import { encodeCursor, POSITION_FORMAT, type SyncPosition } from './sync-cursor';

export interface SyncChange {
  page_id: number;
  page_public_id: string;
  version: number;
  title: string;
  path: string;
  updated_at: string;
  deleted: boolean;
}

export interface SyncChangesResponse {
  changes: SyncChange[];
  /** Pass it back as `cursor`; null only while there has been nothing to return at all. */
  next_cursor: string | null;
  /** True when more changes are ready now; false: poll again later with `next_cursor`. */
  has_more: boolean;
}

interface ChangeRow {
  id: string;
  public_id: string;
  current_version: number;
  title: string;
  folder_path: string;
  updated_at: Date;
  position: string;
  deleted: boolean;
}

/**
 * How far behind "now" the feed stays at least. It covers the moment between a transaction
 * taking its start time and showing up in `pg_stat_activity`.
 */
const SETTLE_INTERVAL = `interval '1 second'`;
/** Stand-in start time of a session whose activity this role may not see. */
const UNSEEN_SESSION_INTERVAL = `interval '30 seconds'`;

/**
 * The change feed of the desktop clients: every page in the caller's reach, trashed ones as
 * `deleted: true`, in (updated_at, id) order with keyset pagination.
 *
 * `updated_at` is the writing transaction's start time (`now()`), and a transaction may commit
 * long after it started, behind rows other transactions already committed. A cursor that moved
 * past such a row would skip it for good. So the feed only ever answers rows older than a
 * horizon: the start of the oldest transaction still open in this database (and at least a
 * settling second before now). Every row older than that is committed and visible, and no
 * later write can produce one, so paging below the horizon has no gaps. A long transaction
 * holds the feed back (it goes stale, never wrong) until it ends.
 */
@Injectable()
export class SyncChangesService {
  constructor(private readonly dataSource: DataSource) {}

  async changes(
    actor: Actor,
    after: SyncPosition | null,
    limit: number,
    cursor: string | null,
  ): Promise<SyncChangesResponse> {
    // Two statements on purpose: the horizon is read before the rows' snapshot is taken, so a
    // transaction that commits in between is either seen as open or its rows are visible.
    const horizon = await this.horizon();
    const params: unknown[] = [];
    // The lane rule of the one visibility definition, applied to the page's lane with its trash
    // state masked: trashed pages of the lanes the caller sees come through as deletions.
    const visibleLane = visiblePagesSql('reach', actor, params);
    params.push(horizon);
    const horizonParam = `$${params.length}`;
    let keyset = '';
    if (after) {
      params.push(after.updatedAt, after.id);
      keyset = `AND (p.updated_at, p.id) > ($${params.length - 1}::timestamptz, $${params.length}::bigint)`;
    }
    params.push(limit + 1);
    const rows: ChangeRow[] = await this.dataSource.query(
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
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      changes: page.map((row) => ({
        page_id: Number(row.id),
        page_public_id: row.public_id,
        version: row.current_version,
        title: row.title,
        path: pathOf(row),
        updated_at: row.updated_at.toISOString(),
        deleted: row.deleted,
      })),
      next_cursor: last ? encodeCursor({ updatedAt: last.position, id: last.id }) : cursor,
      has_more: rows.length > limit,
    };
  }

  /** Rows with `updated_at` before this instant are final (see the class comment). */
  private async horizon(): Promise<string> {
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
