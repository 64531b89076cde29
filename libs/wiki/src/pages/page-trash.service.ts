import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError, offsetWindow } from '@cw/platform';
import { DataSource } from 'typeorm';
import { wikiError } from '../errors/wiki-errors';
import { canWriteLane } from '../lanes/lane-path';
import { PageTrashRepository } from './page-trash.repository';
import { PageWriteRepository } from './page-write.repository';
import { PageReader } from './page-reader';
import type { PageRef } from './page-ref';
import { pageSummary, type PageSummaryView } from './page-view';

export interface TrashedPageView extends PageSummaryView {
  deleted_at: string;
}

/** Delete moves a page to a restorable Trash; listing and restoring it are session-only routes. */
@Injectable()
export class PageTrashService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reader: PageReader,
    private readonly pages: PageTrashRepository,
    private readonly writes: PageWriteRepository,
  ) {}

  async trash(actor: Actor, ref: PageRef): Promise<{ deleted: true; page: PageSummaryView }> {
    return this.dataSource.transaction(async (manager) => {
      const page = await this.reader.get(actor, ref, { manager, lock: true });
      this.reader.assertEditable(actor, page);
      await this.pages.markTrashed(manager, page.id, actor.personId);
      return { deleted: true, page: pageSummary(page) };
    });
  }

  /** Trashed pages of the lanes the actor can write, newest first. */
  async list(
    actor: Actor,
    limit: number,
    offset: number,
  ): Promise<{ pages: TrashedPageView[]; has_more: boolean; next_offset: number | null }> {
    const rows = await this.pages.listTrashed(actor, limit + 1, offset);
    const { items, ...window } = offsetWindow(rows, limit, offset);
    const pages = items.map((row) => ({
      ...pageSummary(row),
      deleted_at: row.deleted_at.toISOString(),
    }));
    return { pages, ...window };
  }

  async restore(actor: Actor, ref: PageRef): Promise<{ restored: true; page: PageSummaryView }> {
    return this.dataSource.transaction(async (manager) => {
      const page = await this.pages.lockTrashed(manager, actor.companyId, ref);
      if (!page || !canWriteLane(actor, { lane: page.lane, ownerId: page.lane_owner_id })) {
        throw AppError.notFound('No trashed page with that id is yours to restore.');
      }
      const place = {
        companyId: page.company_id,
        lane: page.lane,
        laneOwnerId: page.lane_owner_id,
        folderPath: page.folder_path,
      };
      if (await this.writes.isPathTaken(manager, place, page.title, page.id))
        throw wikiError(
          'PAGE_PATH_TAKEN',
          `A live page already has the path ${page.folder_path}/${page.title}; rename it first.`,
        );
      await this.pages.markRestored(manager, page.id);
      return { restored: true, page: pageSummary(page) };
    });
  }
}
