import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError, offsetWindow } from '@cw/platform';
import { wikiError } from '../errors/wiki-errors';
import { DataSource } from 'typeorm';
import { canWriteLane } from '../lanes/lane-path';
import { PageReader } from './page-reader.service';
import { assertEditable, PAGE_COLUMNS, type PageRef, type PageRow } from './page-row';
import { pageSummary, type PageSummaryView } from './page-view';

export interface TrashedPageView extends PageSummaryView {
  deleted_at: string;
}

interface TrashedRow extends PageRow {
  deleted_at: Date;
}

/** Delete moves a page to a restorable Trash; listing and restoring it are session-only routes. */
@Injectable()
export class PageTrashService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly pages: PageReader,
  ) {}

  async trash(actor: Actor, ref: PageRef): Promise<{ deleted: true; page: PageSummaryView }> {
    return this.dataSource.transaction(async (manager) => {
      const page = await this.pages.get(actor, ref, { manager, lock: true });
      assertEditable(actor, page);
      await manager.query(
        `UPDATE wiki.pages SET deleted_at = now(), deleted_by = $2, updated_at = now() WHERE id = $1`,
        [page.id, actor.personId],
      );
      return { deleted: true, page: pageSummary(page) };
    });
  }

  /** Trashed pages of the lanes the actor can write, newest first. */
  async list(
    actor: Actor,
    limit: number,
    offset: number,
  ): Promise<{ pages: TrashedPageView[]; has_more: boolean; next_offset: number | null }> {
    const rows: TrashedRow[] = await this.dataSource.query(
      `SELECT ${PAGE_COLUMNS}, p.deleted_at, true AS can_read FROM wiki.pages p
        WHERE p.company_id = $1 AND p.deleted_at IS NOT NULL AND (
              (p.lane = 'private' AND p.lane_owner_id = $2)
           OR (p.lane = 'team' AND p.lane_owner_id = ANY($3::uuid[]))
           OR p.lane = 'company')
        ORDER BY p.deleted_at DESC, p.id DESC LIMIT $4 OFFSET $5`,
      [actor.companyId, actor.personId, actor.teamIds, limit + 1, offset],
    );
    const { items, ...window } = offsetWindow(rows, limit, offset);
    const pages = items.map((row) => ({
      ...pageSummary(row),
      deleted_at: row.deleted_at.toISOString(),
    }));
    return { pages, ...window };
  }

  async restore(actor: Actor, ref: PageRef): Promise<{ restored: true; page: PageSummaryView }> {
    return this.dataSource.transaction(async (manager) => {
      const key = ref.kind === 'legacy' ? 'p.id = $1::bigint' : 'p.public_id = $1::uuid';
      const [page]: PageRow[] = await manager.query(
        `SELECT ${PAGE_COLUMNS}, true AS can_read FROM wiki.pages p
          WHERE ${key} AND p.company_id = $2 AND p.deleted_at IS NOT NULL FOR UPDATE OF p`,
        [ref.id, actor.companyId],
      );
      if (!page || !canWriteLane(actor, { lane: page.lane, ownerId: page.lane_owner_id })) {
        throw AppError.notFound('No trashed page with that id is yours to restore.');
      }
      const [clash]: unknown[] = await manager.query(
        `SELECT 1 FROM wiki.pages WHERE company_id = $1 AND lane = $2 AND lane_owner_id IS NOT DISTINCT FROM $3
            AND lower(folder_path) = lower($4) AND lower(title) = lower($5) AND deleted_at IS NULL`,
        [page.company_id, page.lane, page.lane_owner_id, page.folder_path, page.title],
      );
      if (clash)
        throw wikiError(
          'PAGE_PATH_TAKEN',
          `A live page already has the path ${page.folder_path}/${page.title}; rename it first.`,
        );
      await manager.query(
        `UPDATE wiki.pages SET deleted_at = NULL, deleted_by = NULL, updated_at = now() WHERE id = $1`,
        [page.id],
      );
      return { restored: true, page: pageSummary(page) };
    });
  }
}
