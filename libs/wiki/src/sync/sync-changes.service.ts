import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { PageListingRepository } from '../pages/page-listing.repository';
import { pathOf } from '../pages/page-view';
import { encodeCursor, type SyncPosition } from './sync-cursor';

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
  constructor(private readonly pages: PageListingRepository) {}

  async changes(
    actor: Actor,
    after: SyncPosition | null,
    limit: number,
    cursor: string | null,
  ): Promise<SyncChangesResponse> {
    // Two statements on purpose: the horizon is read before the rows' snapshot is taken, so a
    // transaction that commits in between is either seen as open or its rows are visible.
    const horizon = await this.pages.changeHorizon();
    const rows = await this.pages.listChanges(actor, horizon, after, limit + 1);
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
}
