import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Reader } from '../access/visibility.sql';
import { PAGE_COLUMNS, type PageRecord, type TrashedPageRecord } from './page-record';
import type { PageRef } from './page-ref';

/** `wiki.pages` in and out of the trash: trashing, the trash listing, restoring. */
@Injectable()
export class PageTrashRepository {
  constructor(private readonly dataSource: DataSource) {}

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
}
