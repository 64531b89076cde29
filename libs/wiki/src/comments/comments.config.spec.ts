import { loadCommentsConfig } from './comments.config';

describe('the comment settings', () => {
  it('let one person post 500 comments on a page by default; 0 and words are refused', () => {
    expect(loadCommentsConfig({}).WIKI_COMMENTS_PER_PAGE_AND_PERSON).toBe(500);
    expect(() => loadCommentsConfig({ WIKI_COMMENTS_PER_PAGE_AND_PERSON: '0' })).toThrow(
      /^Invalid setting WIKI_COMMENTS_PER_PAGE_AND_PERSON: /,
    );
    expect(() => loadCommentsConfig({ WIKI_COMMENTS_PER_PAGE_AND_PERSON: 'lots' })).toThrow(
      /^Invalid setting WIKI_COMMENTS_PER_PAGE_AND_PERSON: /,
    );
  });
});
