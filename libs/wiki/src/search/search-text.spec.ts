import { normalizeSearchText, parseSearchText } from './search-text';

describe('search text', () => {
  it('turns control characters (NUL included) into spaces and trims', () => {
    expect(normalizeSearchText('  a\u0000b\tc\n ')).toBe('a b c');
    expect(normalizeSearchText(['a'])).toEqual(['a']);
  });

  it('matches the last plain word as a prefix, after the rest of the query', () => {
    expect(parseSearchText('deploy kuber')).toEqual({
      text: 'deploy kuber',
      prefix: { head: 'deploy', word: 'kuber', joiner: 'and' },
    });
    expect(parseSearchText('kuber*').prefix).toEqual({ head: '', word: 'kuber', joiner: 'and' });
    expect(parseSearchText('données').prefix?.word).toBe('données');
  });

  it('keeps an "or" before the last word as an alternative', () => {
    expect(parseSearchText('alpha OR bet').prefix).toEqual({
      head: 'alpha',
      word: 'bet',
      joiner: 'or',
    });
  });

  it('has no prefix for excluded words, phrases, punctuation, or too short or long words', () => {
    for (const text of [
      'alpha -beta',
      '"deploy the app"',
      'open "phrase',
      'v2.1',
      "it's",
      'a',
      'x'.repeat(101),
      'foo - bar',
    ])
      expect({ text, prefix: parseSearchText(text).prefix }).toEqual({ text, prefix: null });
  });
});
