import type { ApiTagDefinition } from '@cw/platform';

export const WIKI_API_TAG: ApiTagDefinition = {
  name: 'wiki',
  description:
    'Pages (read, create, edit with re-planning, replace, append, upsert, move, trash), folders, ' +
    'versions, comments, files, search, agent memory and share links. Every page route takes ' +
    'the page public UUID or its legacy integer id.',
};

export const WIKI_SYNC_API_TAG: ApiTagDefinition = {
  name: 'wiki-sync',
  description:
    'The change feed and batch reads of the desktop clients (`/api/wiki/sync/v2`); answers 429 ' +
    'with Retry-After when the process is busy.',
};

export const PUBLIC_API_TAG: ApiTagDefinition = {
  name: 'public',
  description: 'Shared pages read through a share link, with no credential; rate limited per IP.',
};
