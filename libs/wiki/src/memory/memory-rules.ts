/** Where a person's standing memory page lives: `/Private/My assistant memory`. */
export const STANDING_MEMORY_FOLDER = '/Private';
export const STANDING_MEMORY_TITLE = 'My assistant memory';

/** The standing memory page of the caller's Private lane, matched case-insensitively. */
export function standingMemorySql(alias: string): string {
  return `(${alias}.lane = 'private' AND NOT ${alias}.is_folder_index
      AND lower(${alias}.folder_path) = '${STANDING_MEMORY_FOLDER.toLowerCase()}'
      AND lower(${alias}.title) = '${STANDING_MEMORY_TITLE.toLowerCase()}')`;
}

/**
 * Workflow memory, which the bootstrap leaves out: a page whose folder is `/Private/Workflows`
 * or below it, or that has a folder named `Workflow memory` anywhere on its folder path below the
 * lane root (any lane). Names compare case-insensitively.
 */
export function workflowMemorySql(alias: string): string {
  const folder = `lower(${alias}.folder_path)`;
  return `(${folder} ~ '^/private/workflows(/|$)'
      OR (regexp_replace(${folder}, '^/(private|company|teams/[^/]*)', '') || '/') LIKE '%/workflow memory/%')`;
}

/** One to three sentences an agent can act on. */
export function memoryGuidance(state: {
  standing: 'present' | 'empty_or_missing';
  queried: boolean;
  includeShared: boolean;
  hasMore: boolean;
  found: number;
}): string {
  const sentences = [
    state.standing === 'present'
      ? 'Your standing memory is the page "My assistant memory" at /Private/My assistant memory (first note); update it with POST /api/wiki/pages/upserts (tool save_page) with path "/Private", title "My assistant memory" and the full new markdown.'
      : 'You have no standing memory yet (or it is empty); create it with POST /api/wiki/pages/upserts (tool save_page) with path "/Private", title "My assistant memory" and markdown.',
  ];
  if (!state.queried) {
    sentences.push('Pass query=<keywords> to also search your Private notes.');
  } else if (state.hasMore) {
    sentences.push('More notes matched: raise limit (up to 50) or narrow the query.');
  } else {
    sentences.push(
      state.found === 0
        ? 'No note matched: that can mean no match or no access, not that nothing relevant exists.'
        : 'Fewer notes than hoped can mean no match or no access, not that nothing else exists.',
    );
  }
  if (state.queried && !state.includeShared) {
    sentences.push('Add include_shared=true to also search team and company pages.');
  }
  return sentences.join(' ');
}
