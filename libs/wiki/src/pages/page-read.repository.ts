import { Injectable } from '@nestjs/common';
import { all, first } from '@cw/db';
import { type RawBuilder, sql } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import {
  contentReadable,
  type Reader,
  readablePages,
  visiblePages,
} from '../access/visibility.sql';
import type { LaneRef } from '../lanes/lane-path';
import { PAGE_COLUMNS, type PageRecord } from './page-record';
import type { PageRef } from './page-ref';

const pageColumns = sql.raw(PAGE_COLUMNS);

const pageKey = (ref: PageRef): RawBuilder<boolean> =>
  ref.kind === 'legacy' ? sql`p.id = ${ref.id}::bigint` : sql`p.public_id = ${ref.id}::uuid`;

/**
 * The page reads of the read and edit paths, hand-written: each is one index probe by key with
 * the visibility predicate (access/visibility.sql.ts) beside it, measured by the page-read
 * benchmarks (docs/benchmarks.md, A1 and A2).
 */
export const pageReadStatements = {
  /** One page visible to `reader`; with `lock`, locked for the rest of the caller's transaction. */
  findVisible: (reader: Reader, ref: PageRef, lock: boolean) =>
    sql<PageRecord>`SELECT ${pageColumns},
              ${contentReadable('p', reader.personId)} AS can_read
         FROM wiki.pages p
        WHERE ${pageKey(ref)} AND ${visiblePages('p', reader)}
        ${sql.raw(lock ? 'FOR UPDATE OF p' : '')}`,

  /** An inbox key match wins over a path match, so that a renamed inbox page is still found. */
  findForUpsert: (
    reader: Reader,
    lane: LaneRef,
    folderPath: string,
    title: string,
    inboxKey: string | null,
  ) =>
    sql<PageRecord>`SELECT ${pageColumns},
              ${contentReadable('p', reader.personId)} AS can_read
         FROM wiki.pages p
        WHERE ${visiblePages('p', reader)} AND p.lane = ${lane.lane} AND p.lane_owner_id IS NOT DISTINCT FROM ${lane.ownerId}
          AND ((${inboxKey}::text IS NOT NULL AND p.inbox_key = ${inboxKey})
               OR (lower(p.folder_path) = lower(${folderPath}) AND lower(p.title) = lower(${title})))
        ORDER BY (p.inbox_key IS NOT DISTINCT FROM ${inboxKey}) DESC
        LIMIT 1
        FOR UPDATE OF p`,

  findVisibleBatch: (reader: Reader, legacyIds: readonly string[], publicIds: readonly string[]) =>
    sql<PageRecord>`SELECT ${pageColumns}, ${readablePages('p', reader)} AS can_read FROM wiki.pages p
        WHERE (p.id = ANY(${[...legacyIds]}::bigint[]) OR p.public_id = ANY(${[...publicIds]}::uuid[])) AND ${visiblePages('p', reader)}`,
};

/**
 * `wiki.pages` read one page (or a few) at a time for a person, through the one visibility
 * definition (access/visibility.sql.ts): the page a route addresses, the page an upsert saves to,
 * a sync batch's pages.
 */
@Injectable()
export class PageReadRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The page if `reader` can see it; with `lock`, locked for the rest of the transaction. */
  findVisible(
    manager: EntityManager,
    reader: Reader,
    ref: PageRef,
    lock: boolean,
  ): Promise<PageRecord | null> {
    return first(manager, pageReadStatements.findVisible(reader, ref, lock));
  }

  /**
   * The live page of the lane at `folderPath` with `title`, or (preferred) the one holding
   * `inboxKey`, locked: what an upsert saves to.
   */
  findForUpsert(
    manager: EntityManager,
    reader: Reader,
    lane: LaneRef,
    folderPath: string,
    title: string,
    inboxKey: string | null,
  ): Promise<PageRecord | null> {
    return first(
      manager,
      pageReadStatements.findForUpsert(reader, lane, folderPath, title, inboxKey),
    );
  }

  /** The pages among these ids that `reader` can see (trashed ones are not). */
  findVisibleBatch(
    reader: Reader,
    legacyIds: readonly string[],
    publicIds: readonly string[],
  ): Promise<PageRecord[]> {
    return all(this.dataSource, pageReadStatements.findVisibleBatch(reader, legacyIds, publicIds));
  }
}
