import { originForm, pathOf, urlRefusal } from './request-url';

describe('urlRefusal', () => {
  it('lets well-formed URLs through, escapes and reserved characters included', () => {
    for (const url of [
      '/api/wiki/pages/1',
      '/api/wiki/search?q=caf%C3%A9+%26+co&limit=5',
      '/api/wiki/folders?path=%2FPrivate%2FInbox',
      '/public/pages/cwl_abc-DEF_123',
      '/api/wiki/pages/a...b',
    ]) {
      expect({ url, refusal: urlRefusal(url) }).toEqual({ url, refusal: undefined });
    }
  });

  it('refuses a malformed percent-escape in the query string or the path', () => {
    expect(urlRefusal('/api/wiki/pages?a=%ff')?.message).toMatch(/query string/);
    expect(urlRefusal('/api/wiki/search?q=100%')?.message).toMatch(/query string/);
    expect(urlRefusal('/api/wiki/pages/%C0%AE')?.message).toMatch(/path/);
  });

  it('refuses dot segments however written, and backslashes, so the service gets the routed path', () => {
    for (const url of [
      '/public/pages/..%2F..%2Fapi%2Fwiki%2Fpages',
      '/public/pages/%2e%2e/%2E%2E/api/wiki',
      '/public/pages/./x',
      '/public/pages/..',
      '/public/pages/x%5C..%5Cy',
      '/public/pages/x\\y',
    ]) {
      expect({ url, status: urlRefusal(url)?.status }).toEqual({ url, status: 400 });
    }
  });

  it('refuses dot segments encoded twice or more, in mixed case, half encoded or overlong', () => {
    for (const value of [
      '..%252F',
      '..%252F..%252Fapi%252Fwiki',
      '%252e%252e%252f',
      '%2e%2E%2f',
      '.%2e%2F',
      '%25%32%65%25%32%65%25%32%66',
      '..%5C',
      '..%255C',
      '%25c0%25ae%25c0%25ae%252f',
      '%c0%ae%c0%ae%2f',
      'x..%2Fy',
      '..foo',
    ]) {
      for (const url of [`/public/pages/${value}`, `/api/wiki/pages/${value}/appends?a=1`]) {
        expect({ url, status: urlRefusal(url)?.status }).toEqual({ url, status: 400 });
      }
    }
    expect(urlRefusal('/public/pages/..%252F')?.message).toMatch(/"\.\." segment/);
    expect(urlRefusal('/public/pages/%252e%252e%252f')?.message).toMatch(/encoded twice/);
  });

  it('reads an absolute-form target by its path, and refuses any other form', () => {
    expect(originForm('/api/wiki/pages/1?a=b')).toBe('/api/wiki/pages/1?a=b');
    expect(originForm('http://127.0.0.1:9/public/pages/x?q=1')).toBe('/public/pages/x?q=1');
    expect(originForm('https://example.test?q=1')).toBe('/?q=1');
    expect(originForm('*')).toBeUndefined();
    expect(pathOf('/public/pages/x?q=1')).toBe('/public/pages/x');
    expect(urlRefusal('http://127.0.0.1:9/public/pages/x')).toBeUndefined();
    expect(urlRefusal('http://127.0.0.1:9/public/pages/..%252F')?.status).toBe(400);
    expect(urlRefusal('example.test:443')?.status).toBe(400);
  });
});
