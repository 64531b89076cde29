import { urlRefusal } from './request-url';

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
});
