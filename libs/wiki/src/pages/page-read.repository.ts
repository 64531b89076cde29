import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  contentReadableSql,
  type Reader,
  readablePagesSql,
  visiblePagesSql,
} from '../access/visibility.sql';
import type { LaneRef } from '../lanes/lane-path';
import { PAGE_COLUMNS, type PageRecord } from './page-record';
import type { PageRef } from './page-ref';

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
 * `wiki.pages` read one page (or a few) at a time for a person, through the one visibility
 * definition (access/visibility.sql.ts): the page a route addresses, the page an upsert saves to,
 * a sync batch's pages.
 */
@Injectable()
export class PageReadRepository {
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
}
