import { type ApiClient, type components, unwrap } from '@cw/api-client';
import { CliError, ExitCode, usageError } from '../exit-codes';
import { UUID } from './command-kit';

export type PageRead = components['schemas']['PageResponseDto'];

/** Search pages read to find a page by its path: bounded, the search caps each page at 50. */
const PATH_SEARCH_PAGES = 4;
const PATH_SEARCH_LIMIT = 50;

/**
 * A page reference as the person types it: the public UUID, the numeric id, or the page's path
 * (`/Company/Runbooks/Deploys`, found through search, so only pages search can see).
 */
export async function resolvePageId(client: ApiClient, ref: string): Promise<string> {
  if (UUID.test(ref) || /^[1-9]\d{0,15}$/.test(ref)) return ref;
  if (!ref.startsWith('/'))
    throw usageError(`"${ref}" is not a page id, UUID or path (paths start with /)`);
  const title = ref.slice(ref.lastIndexOf('/') + 1);
  if (!title) throw usageError(`"${ref}" ends with /: name the page, not its folder`);
  for (let page = 0; page < PATH_SEARCH_PAGES; page++) {
    const found = unwrap(
      await client.GET('/api/wiki/search', {
        params: {
          query: { q: title, limit: PATH_SEARCH_LIMIT, offset: page * PATH_SEARCH_LIMIT },
        },
      }),
    );
    const match = found.results.find((result) => result.path === ref);
    if (match) return match.page_public_id;
    if (!found.has_more) break;
  }
  throw new CliError(`no page you can read has the path ${ref}`, ExitCode.notFound, 'NOT_FOUND');
}

/** Reads a page that must have readable content (a restricted page answers `access: null`). */
export async function readEditablePage(client: ApiClient, ref: string): Promise<PageRead> {
  const pageId = await resolvePageId(client, ref);
  const read = unwrap(
    await client.GET('/api/wiki/pages/{page_id}', { params: { path: { page_id: pageId } } }),
  );
  if (read.access === null)
    throw new CliError(
      `page ${ref} is listed for you but its content is restricted: it cannot be read or edited from here`,
      ExitCode.accessDenied,
      'ACCESS_DENIED',
    );
  return read;
}
