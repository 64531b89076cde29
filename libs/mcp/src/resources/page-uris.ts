import { isUuid } from '../calls/tool-arguments';

/**
 * The page resources' URIs. `cw:` is this server's own scheme: the pages are not fetchable over
 * the web without the caller's token, so an `https:` URI would send a client to a page it cannot
 * read. By id, the numeric id or the public UUID (as REST takes them); by path, the page's wiki
 * path without its leading slash, reserved expansion (`{+path}`) keeping its slashes readable.
 */
export const PAGE_BY_ID_PREFIX = 'cw://wiki/pages/';
export const PAGE_BY_PATH_PREFIX = 'cw://wiki/paths/';
export const PAGE_BY_ID_TEMPLATE = `${PAGE_BY_ID_PREFIX}{id}`;
export const PAGE_BY_PATH_TEMPLATE = `${PAGE_BY_PATH_PREFIX}{+path}`;

/** A page URI this server can read: by id (REST's page ref) or by folder and title. */
export type PageUri = { kind: 'id'; id: string } | { kind: 'path'; folder: string; title: string };

/** A URI that names no page of this server, refused before any REST call. */
export class PageUriError extends Error {
  override name = 'PageUriError';
}

const NUMERIC_ID = /^[1-9]\d{0,15}$/;

export function pageUriById(id: string | number): string {
  return `${PAGE_BY_ID_PREFIX}${id}`;
}

/**
 * A title's characters that would change the path's meaning: `/` (titles may hold one; folders
 * never do) and `%` (so the written form always decodes back).
 */
export function titleSegment(title: string): string {
  return title.replace(/%/g, '%25').replace(/\//g, '%2F');
}

/** The URI of the page titled `title` in `folder` (`/Company/Runbooks`), every segment encoded. */
export function pageUriByPath(folder: string, title: string): string {
  const segments = folder.split('/').filter((segment) => segment !== '');
  return `${PAGE_BY_PATH_PREFIX}${[...segments, title].map(encodeURIComponent).join('/')}`;
}

function decoded(segment: string, uri: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new PageUriError(`${uri} has a malformed percent-escape.`);
  }
}

export function parsePageUri(uri: string): PageUri {
  if (uri.startsWith(PAGE_BY_ID_PREFIX)) {
    const id = uri.slice(PAGE_BY_ID_PREFIX.length);
    if (NUMERIC_ID.test(id) || isUuid(id)) return { kind: 'id', id };
    throw new PageUriError(
      `${uri} names no page: the id is the numeric page id or the page UUID (${PAGE_BY_ID_TEMPLATE}).`,
    );
  }
  if (uri.startsWith(PAGE_BY_PATH_PREFIX)) {
    const segments = uri.slice(PAGE_BY_PATH_PREFIX.length).split('/');
    if (segments.length < 2 || segments.some((segment) => segment === '')) {
      throw new PageUriError(
        `${uri} names no page: the path is a folder path and a title without the leading slash, ` +
          `such as ${PAGE_BY_PATH_PREFIX}Company/Runbooks/Deploys (a / in a title as %2F).`,
      );
    }
    const parts = segments.map((segment) => decoded(segment, uri));
    const title = parts.pop()!;
    return { kind: 'path', folder: `/${parts.join('/')}`, title };
  }
  throw new PageUriError(
    `${uri} is not a resource of this server: its pages are ${PAGE_BY_ID_TEMPLATE} and ${PAGE_BY_PATH_TEMPLATE}.`,
  );
}
