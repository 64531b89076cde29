import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { MisfiledPagesService } from '../folders/landing-rules/misfiled-pages.service';
import type { LaneKind } from '../lanes/lane-path';
import { PageListingRepository } from '../pages/page-listing.repository';
import type { PageRecord } from '../pages/page-record';
import { parsePageRef } from '../pages/page-ref';
import { PageReader } from '../pages/page-reader';
import { PageUpsertService } from '../pages/page-upsert.service';
import { pageSummary, type PageSummaryView, pathOf } from '../pages/page-view';
import { pageUrl } from '../search/page-url';
import { WikiSearchService } from '../search/wiki-search.service';

export interface WikiSearchHit {
  page_id: number;
  page_public_id: string;
  path: string;
  title: string;
  snippet: string;
}

export interface WikiPageContent {
  page_public_id: string;
  title: string;
  path: string;
  version: number;
  markdown: string;
}

export interface WikiSavedPage {
  page_public_id: string;
  version: number;
  path: string;
}

/** A page as another context lists it, with its web-app URL. */
export interface WikiPageSummary {
  id: number;
  public_id: string;
  title: string;
  path: string;
  lane: LaneKind;
  current_version: number;
  updated_at: string;
  url: string;
}

/** A folder a landing rule names. */
export interface WikiRuleFolder {
  id: string;
  path: string;
}

/** A page in the actor's Inbox that a folder's landing rule claims. */
export interface WikiMisfiledPage {
  page: WikiPageSummary;
  folder: WikiRuleFolder;
}

/** A misfiled page after it was filed into its rule's folder. */
export interface WikiFiledPage {
  page: WikiPageSummary;
  previous_path: string;
  folder: WikiRuleFolder;
}

const PRIVATE_LANE = '/Private';

function withUrl(summary: PageSummaryView): WikiPageSummary {
  const { id, public_id, title, path, lane, current_version, updated_at } = summary;
  return { id, public_id, title, path, lane, current_version, updated_at, url: pageUrl(public_id) };
}

function summaryOf(row: PageRecord): WikiPageSummary {
  return withUrl(pageSummary(row));
}

/**
 * What other contexts may do in the wiki, always as an actor and under the same rules as the
 * wiki's routes: refusals are the routes' `AppError`s.
 */
@Injectable()
export class WikiApi {
  constructor(
    private readonly searchService: WikiSearchService,
    private readonly reader: PageReader,
    private readonly upserts: PageUpsertService,
    private readonly pages: PageListingRepository,
    private readonly misfiled: MisfiledPagesService,
  ) {}

  /** The best matches the actor may read; without `includeShared` only their Private lane. */
  async search(
    actor: Actor,
    query: string,
    options: { limit: number; includeShared: boolean },
  ): Promise<WikiSearchHit[]> {
    // The search has no lane filter: for the Private lane alone, fetch more and keep those.
    const { results } = await this.searchService.search(actor, query, {
      limit: options.includeShared ? options.limit : 200,
      offset: 0,
    });
    return results
      .filter((hit) => options.includeShared || hit.path.startsWith(`${PRIVATE_LANE}/`))
      .slice(0, options.limit)
      .map(({ page_id, page_public_id, path, title, snippet }) => ({
        page_id,
        page_public_id,
        path,
        title,
        snippet,
      }));
  }

  /** A page by public UUID or numeric id: 404 when not visible, 403 when restricted. */
  async read(actor: Actor, page: string): Promise<WikiPageContent> {
    const record = await this.reader.getReadable(actor, parsePageRef(page), 'contents');
    return {
      page_public_id: record.public_id,
      title: record.title,
      path: pathOf(record),
      version: record.current_version,
      markdown: record.content_md,
    };
  }

  /** Creates or replaces the page titled `title` in folder `path` (the upsert route's rules). */
  async upsert(
    actor: Actor,
    page: { path: string; title: string; markdown: string; message?: string },
  ): Promise<WikiSavedPage> {
    const saved = await this.upserts.upsert(actor, page);
    return {
      page_public_id: saved.page.public_id,
      version: saved.version,
      path: saved.page.path,
    };
  }

  /** The pages whose content the actor may read, most recently updated first. */
  async recentPages(actor: Actor, limit: number): Promise<WikiPageSummary[]> {
    return (await this.pages.listRecentlyUpdated(actor, limit)).map(summaryOf);
  }

  /**
   * The actor's `/Private/Inbox` pages that the landing rule of a folder they can write claims
   * (the most specific rule when several match), by title.
   */
  async misfiledInboxPages(actor: Actor): Promise<WikiMisfiledPage[]> {
    return (await this.misfiled.list(actor)).map(({ page, rule }) => ({
      page: summaryOf(page),
      folder: { id: rule.folderId, path: rule.folderPath },
    }));
  }

  /**
   * Moves the actor's misfiled Inbox page (numeric id) into its rule's folder through the page
   * move; a refused gate is 400 BAD_REQUEST whose message is the reason.
   */
  async fileMisfiledPage(actor: Actor, pageId: string): Promise<WikiFiledPage> {
    const { move, folder } = await this.misfiled.file(actor, pageId);
    return {
      page: withUrl(move.page),
      previous_path: move.previous_path,
      folder: { id: folder.folderId, path: folder.folderPath },
    };
  }
}
