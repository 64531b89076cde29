import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { canWriteLane } from '../lanes/lane-path';
import { PageReadRepository } from './page-read.repository';
import type { PageRecord } from './page-record';
import type { PageRef } from './page-ref';

export interface PageReadOptions {
  /** The caller's transaction; without it the read runs on its own. */
  manager?: EntityManager;
  /** Lock the row for the rest of the caller's transaction (every write to a page takes it). */
  lock?: boolean;
}

/**
 * The one place that answers "may this actor see, read, edit this page". Seeing a page is the
 * lane rule (a page the actor cannot see is 404, as if it did not exist); reading its content
 * also needs a place on the access list of a restricted page; editing also needs lane write
 * access.
 */
@Injectable()
export class PageReader {
  constructor(
    private readonly dataSource: DataSource,
    private readonly pages: PageReadRepository,
  ) {}

  /** The page if the actor can see it, else null. */
  async find(
    actor: Actor,
    ref: PageRef,
    options: PageReadOptions = {},
  ): Promise<PageRecord | null> {
    const manager = options.manager ?? this.dataSource.manager;
    return this.pages.findVisible(manager, actor, ref, options.lock === true);
  }

  /** The page if the actor can see it, else 404. */
  async get(actor: Actor, ref: PageRef, options: PageReadOptions = {}): Promise<PageRecord> {
    const page = await this.find(actor, ref, options);
    if (!page) throw AppError.notFound('No page with that id is visible to you.');
    return page;
  }

  /** A page whose `what` (versions, comments, files: content) the actor may read, else 403. */
  async getReadable(actor: Actor, ref: PageRef, what: string): Promise<PageRecord> {
    const page = await this.get(actor, ref);
    this.assertContentReadable(page, what);
    return page;
  }

  /** A page the actor may change, else 403 (404 when they cannot see it). */
  async getEditable(actor: Actor, ref: PageRef): Promise<PageRecord> {
    const page = await this.get(actor, ref);
    this.assertEditable(actor, page);
    return page;
  }

  canEdit(actor: Actor, page: PageRecord): boolean {
    return page.can_read && canWriteLane(actor, { lane: page.lane, ownerId: page.lane_owner_id });
  }

  /** A write needs readable content and lane write access. */
  assertEditable(actor: Actor, page: PageRecord): void {
    if (!this.canEdit(actor, page)) {
      throw AppError.accessDenied('You can see this page but not change it.', {
        error: 'page_not_editable',
      });
    }
  }

  /**
   * Versions, comparisons, comments and files carry page content: a restricted page the actor is
   * not listed on (metadata only, `can_read` false) refuses them with 403 rather than leak it.
   */
  assertContentReadable(page: PageRecord, what: string): void {
    if (!page.can_read) {
      throw AppError.accessDenied(
        `This page is restricted to the people on its access list and you are not on it, so its ${what} are not shown. Ask the page's owner for access.`,
        { error: 'page_restricted' },
      );
    }
  }
}
