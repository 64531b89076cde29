import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type ReadResourceResult,
  type Resource,
} from '@modelcontextprotocol/sdk/types.js';
import { asRecord } from '../calls/json-record';
import { type Caller, RestClient } from '../calls/rest-client';
import { PagePaths } from './page-paths';
import {
  PAGE_BY_ID_TEMPLATE,
  PAGE_BY_PATH_TEMPLATE,
  type PageUri,
  pageUriById,
  parsePageUri,
} from './page-uris';
import { contentNotReadable, RESOURCE_NOT_FOUND, RpcError } from './resource-errors';
import { RestRoutes } from './rest-routes';

const MARKDOWN = 'text/markdown';
/** Resources one `resources/list` answer holds. */
export const RESOURCE_LIST_PAGE = 10;
/** Recent pages listed (the home summary's most): with the standing memory, 26 at most. */
const RECENT_PAGES = 25;
const LISTED_AT_MOST = RECENT_PAGES + 1;

export const PAGE_TEMPLATES: ListResourceTemplatesResult['resourceTemplates'] = [
  {
    uriTemplate: PAGE_BY_ID_TEMPLATE,
    name: 'wiki-page-by-id',
    title: 'Wiki page by id',
    description:
      'A wiki page you can read, by its numeric id or its UUID: its current Markdown, ' +
      '`_meta.version` the version to send as `expected_version` when you edit it.',
    mimeType: MARKDOWN,
  },
  {
    uriTemplate: PAGE_BY_PATH_TEMPLATE,
    name: 'wiki-page-by-path',
    title: 'Wiki page by path',
    description:
      'A wiki page you can read, by its path without the leading slash ' +
      '(`Company/Runbooks/Deploys`; a `/` in a title as `%2F`). `_meta` as by id.',
    mimeType: MARKDOWN,
  },
];

function cursorOf(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString('base64url');
}

function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const match = /^offset:(\d{1,3})$/.exec(Buffer.from(cursor, 'base64url').toString());
  const offset = match ? Number(match[1]) : NaN;
  if (!(offset > 0 && offset < LISTED_AT_MOST)) {
    throw new RpcError(
      ErrorCode.InvalidParams,
      'The cursor is not one this server gave: call resources/list without it to start over.',
    );
  }
  return offset;
}

function memoryResource(note: Record<string, unknown>): Resource {
  return {
    uri: pageUriById(String(note.page_id)),
    name: `/Private/${String(note.title)}`,
    title: String(note.title),
    description: 'Your standing memory: read it before you work, append what you learn.',
    mimeType: MARKDOWN,
    _meta: { version: note.version, standing_memory: true },
  };
}

function recentResource(page: Record<string, unknown>): Resource {
  return {
    uri: pageUriById(String(page.public_id)),
    name: String(page.path),
    title: String(page.title),
    description: `Recently updated wiki page ${String(page.path)}.`,
    mimeType: MARKDOWN,
    ...(typeof page.updated_at === 'string'
      ? { annotations: { lastModified: page.updated_at } }
      : {}),
    _meta: { version: page.current_version, page_id: page.id },
  };
}

/**
 * Wiki pages as MCP resources, each read through the REST routes with the caller's token: what
 * REST does not show the caller is neither listed nor read.
 */
@Injectable()
export class PageResources {
  constructor(
    private readonly rest: RestClient,
    private readonly routes: RestRoutes,
    private readonly paths: PagePaths,
  ) {}

  /** The standing memory page, then the recent pages, RESOURCE_LIST_PAGE at a time. */
  async list(cursor: string | undefined, caller: Caller): Promise<ListResourcesResult> {
    const offset = offsetOf(cursor);
    const [memory, home] = await Promise.all([
      this.rest.call(
        this.routes.route('bootstrapMemory'),
        { path: {}, query: { limit: 1 } },
        caller,
      ),
      this.rest.call(
        this.routes.route('getHomeSummary'),
        { path: {}, query: { limit: RECENT_PAGES } },
        caller,
      ),
    ]);
    const notes = asRecord(memory).notes;
    const standing = (Array.isArray(notes) ? notes.map(asRecord) : []).filter(
      (note) => note.retrieval === 'personal_memory',
    );
    const recent = asRecord(home).recent_pages;
    const standingIds = new Set(standing.map((note) => note.page_id));
    const all = [
      ...standing.map(memoryResource),
      ...(Array.isArray(recent) ? recent.map(asRecord) : [])
        .filter((page) => !standingIds.has(page.public_id))
        .map(recentResource),
    ];
    const end = offset + RESOURCE_LIST_PAGE;
    return {
      resources: all.slice(offset, end),
      ...(end < all.length ? { nextCursor: cursorOf(end) } : {}),
    };
  }

  async read(uri: string, caller: Caller): Promise<ReadResourceResult> {
    const id = await this.pageIdOf(parsePageUri(uri), uri, caller);
    const answer = asRecord(
      await this.rest.call(
        this.routes.route('readPage'),
        { path: { page_id: id }, query: {} },
        caller,
      ),
    );
    const page = asRecord(answer.page);
    if (answer.access === null || typeof page.content_md !== 'string') {
      throw contentNotReadable(uri);
    }
    return {
      contents: [
        {
          uri,
          mimeType: MARKDOWN,
          text: page.content_md,
          _meta: {
            version: page.current_version,
            page_id: page.id,
            page_public_id: page.public_id,
            path: page.path,
            title: page.title,
            updated_at: page.updated_at,
          },
        },
      ],
    };
  }

  private async pageIdOf(ref: PageUri, uri: string, caller: Caller): Promise<string> {
    if (ref.kind === 'id') return ref.id;
    const found = await this.paths.find(ref.folder, ref.title, caller);
    if (!found || found.id === undefined) {
      throw new RpcError(
        RESOURCE_NOT_FOUND,
        `No page you can see is titled "${ref.title}" in ${ref.folder}.`,
        { uri, status: 404, code: 'NOT_FOUND' },
      );
    }
    if (!found.can_read) throw contentNotReadable(uri);
    return String(found.id);
  }
}
