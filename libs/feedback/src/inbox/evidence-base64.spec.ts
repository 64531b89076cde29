import { decodedLength } from './evidence-base64';

describe('decodedLength', () => {
  it('counts the bytes of padded standard base64', () => {
    for (const bytes of [0, 1, 2, 3, 4, 5, 1000]) {
      const text = Buffer.alloc(bytes, 0xfb).toString('base64');
      expect(decodedLength(text)).toBe(bytes);
    }
  });

  it('refuses unpadded, URL-safe, spaced or otherwise mangled text', () => {
    for (const text of ['abc', 'ab-_', 'YW Jj', 'YWJj\n', 'YW=j', '====', 'YWJjZA=', 'é123']) {
      expect(decodedLength(text)).toBeNull();
    }
  });
});
