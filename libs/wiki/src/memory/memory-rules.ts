/** Where a person's standing memory page lives: `/Private/My assistant memory`. */
export const STANDING_MEMORY_FOLDER = '/Private';
export const STANDING_MEMORY_TITLE = 'My assistant memory';

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
