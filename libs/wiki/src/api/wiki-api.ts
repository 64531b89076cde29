import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { parsePageRef } from '../pages/page-ref';
import { PageReader } from '../pages/page-reader';
import { PageUpsertService } from '../pages/page-upsert.service';
import { pathOf } from '../pages/page-view';
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

const PRIVATE_LANE = '/Private';

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
}
