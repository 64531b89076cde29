import { loadPublicLinksConfig } from './public-links.config';

describe('the share-link settings', () => {
  it('cap live share links at 20 a page by default; 0 and words are refused at start-up', () => {
    expect(loadPublicLinksConfig({})).toMatchObject({
      PUBLIC_LINKS_PER_MINUTE: 3000,
      WIKI_SHARE_LINKS_PER_PAGE: 20,
    });
    expect(
      loadPublicLinksConfig({ WIKI_SHARE_LINKS_PER_PAGE: '5' }).WIKI_SHARE_LINKS_PER_PAGE,
    ).toBe(5);
    expect(() => loadPublicLinksConfig({ WIKI_SHARE_LINKS_PER_PAGE: '0' })).toThrow(
      /^Invalid setting WIKI_SHARE_LINKS_PER_PAGE: /,
    );
    expect(() => loadPublicLinksConfig({ WIKI_SHARE_LINKS_PER_PAGE: 'many' })).toThrow(
      /^Invalid setting WIKI_SHARE_LINKS_PER_PAGE: /,
    );
  });
});
