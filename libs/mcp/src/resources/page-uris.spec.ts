import { PageUriError, pageUriByPath, parsePageUri, titleSegment } from './page-uris';

describe('page resource URIs', () => {
  it('parses a page by numeric id or UUID, nothing else', () => {
    expect(parsePageUri('cw://wiki/pages/42')).toEqual({ kind: 'id', id: '42' });
    const uuid = '0b8e6c1e-8f5e-4c47-9d1b-2f3f0f7f4b7a';
    expect(parsePageUri(`cw://wiki/pages/${uuid}`)).toEqual({ kind: 'id', id: uuid });
    for (const uri of ['cw://wiki/pages/0', 'cw://wiki/pages/4x', 'cw://wiki/pages/1/2']) {
      expect(() => parsePageUri(uri)).toThrow(PageUriError);
    }
  });

  it('parses a path into its folder and its title, decoding each segment', () => {
    expect(parsePageUri('cw://wiki/paths/Company/Run%20books/CI%2FCD')).toEqual({
      kind: 'path',
      folder: '/Company/Run books',
      title: 'CI/CD',
    });
    for (const uri of [
      'cw://wiki/paths/Deploys',
      'cw://wiki/paths/Company/',
      'cw://wiki/paths/a/%zz',
    ]) {
      expect(() => parsePageUri(uri)).toThrow(PageUriError);
    }
    expect(() => parsePageUri('file:///etc/passwd')).toThrow(/not a resource of this server/);
  });

  it('writes a path URI that parses back to the same page', () => {
    const uri = pageUriByPath('/Teams/Eng/100% done', 'A/B #1?');
    expect(uri).toBe('cw://wiki/paths/Teams/Eng/100%25%20done/A%2FB%20%231%3F');
    expect(parsePageUri(uri)).toEqual({
      kind: 'path',
      folder: '/Teams/Eng/100% done',
      title: 'A/B #1?',
    });
  });

  it('a completion value escapes only what would change the path: / and %', () => {
    expect(titleSegment('50% CI/CD plan')).toBe('50%25 CI%2FCD plan');
  });
});
