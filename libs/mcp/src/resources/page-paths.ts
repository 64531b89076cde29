import { Injectable } from '@nestjs/common';
import { asRecord } from '../calls/json-record';
import { type Caller, RestClient } from '../calls/rest-client';
import { titleSegment } from './page-uris';
import { RestRoutes } from './rest-routes';

/** One entry of a folder listing (`GET /api/wiki/folders`), as far as paths need it. */
export interface FolderEntry {
  type: 'folder' | 'page';
  name: string;
  path: string;
  id?: number;
  can_read?: boolean;
}

/** Entries one listing call asks for (the route's most). */
const LISTING_PAGE = 100;
/** A path lookup reads at most this many listing pages of the folder: 500 entries. */
export const PATH_LOOKUP_PAGES = 5;
/** The most values a completion answers (the MCP specification's own cap). */
export const MAX_COMPLETIONS = 100;

function entryOf(value: unknown): FolderEntry | undefined {
  const entry = asRecord(value);
  if (entry.type === 'folder' && typeof entry.path === 'string') {
    return { type: 'folder', name: String(entry.name), path: entry.path };
  }
  if (entry.type === 'page' && typeof entry.path === 'string') {
    return {
      type: 'page',
      name: String(entry.title),
      path: entry.path,
      id: typeof entry.id === 'number' ? entry.id : undefined,
      can_read: entry.can_read !== false,
    };
  }
  return undefined;
}

/**
 * Pages by wiki path, through the folder listing route (REST has no page-by-path read): the
 * listing shows only what the caller may see, so the lookup is REST's visibility.
 */
@Injectable()
export class PagePaths {
  constructor(
    private readonly rest: RestClient,
    private readonly routes: RestRoutes,
  ) {}

  /** One page of a folder's entries; without `folder`, the caller's lane roots. */
  async listing(
    folder: string | undefined,
    offset: number,
    caller: Caller,
  ): Promise<{ entries: FolderEntry[]; hasMore: boolean }> {
    const answer = asRecord(
      await this.rest.call(
        this.routes.route('listWikiFolder'),
        { path: {}, query: { path: folder, limit: LISTING_PAGE, offset } },
        caller,
      ),
    );
    const items = Array.isArray(answer.items) ? answer.items : [];
    return {
      entries: items.map(entryOf).filter((entry) => entry !== undefined),
      hasMore: answer.has_more === true,
    };
  }

  /**
   * The page titled `title` (titles compare case-insensitively within a folder) among the first
   * PATH_LOOKUP_PAGES listing pages of `folder`; undefined when there is none the caller sees.
   */
  async find(folder: string, title: string, caller: Caller): Promise<FolderEntry | undefined> {
    const wanted = title.toLowerCase();
    for (let page = 0; page < PATH_LOOKUP_PAGES; page += 1) {
      const { entries, hasMore } = await this.listing(folder, page * LISTING_PAGE, caller);
      const found = entries.find(
        (entry) => entry.type === 'page' && entry.name.toLowerCase() === wanted,
      );
      if (found) return found;
      if (!hasMore) return undefined;
    }
    return undefined;
  }

  /**
   * Values for the `{+path}` variable beginning with `value` (case-insensitively): the entries
   * of the folder `value` is in, folders ending with `/`, pages whose content the caller may
   * read. One listing page: at most MAX_COMPLETIONS values.
   */
  async complete(value: string, caller: Caller): Promise<{ values: string[]; hasMore: boolean }> {
    const cut = value.lastIndexOf('/');
    const folderPart = cut < 0 ? '' : value.slice(0, cut);
    // Lane roots (`Private/`, `Teams/<team>/`, `Company/`) until the value is inside one.
    const inLaneRoots = folderPart === '' || folderPart.toLowerCase() === 'teams';
    const { entries, hasMore } = await this.listing(
      inLaneRoots ? undefined : `/${folderPart}`,
      0,
      caller,
    );
    const prefix = value.toLowerCase();
    const values = entries
      .filter((entry) => entry.type === 'folder' || entry.can_read)
      .map((entry) =>
        entry.type === 'folder'
          ? `${entry.path.slice(1)}/`
          : `${entry.path.slice(1, entry.path.length - entry.name.length)}${titleSegment(entry.name)}`,
      )
      .filter((candidate) => candidate.toLowerCase().startsWith(prefix));
    return {
      values: values.slice(0, MAX_COMPLETIONS),
      hasMore: hasMore || values.length > MAX_COMPLETIONS,
    };
  }
}
