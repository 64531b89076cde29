import { lexemeDisjunction, normalizeSearchText, parseSearchText, tsQuerySql } from './fts-query';

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

  it('puts user text only in parameters', () => {
    const params: unknown[] = ['earlier'];
    const text = "'); DROP TABLE wiki.pages; -- kube";
    const sql = tsQuerySql(parseSearchText(text), params, { kind: 'partial' });
    expect(sql).not.toContain('DROP');
    expect(sql).toContain('$2::text');
    expect(params).toEqual(['earlier', 'kube', text, "'); DROP TABLE wiki.pages; --"]);
  });

  it('matches the prefix against the expanded lexemes, passed as one tsquery parameter', () => {
    const params: unknown[] = [];
    const sql = tsQuerySql(parseSearchText('deploy kube'), params, {
      kind: 'lexemes',
      lexemes: ['kube', 'kubernet'],
    });
    expect(sql).toBe(
      "(websearch_to_tsquery('english', $2::text) || (websearch_to_tsquery('english', $3::text) && $1::tsquery))",
    );
    expect(params).toEqual(["'kube' | 'kubernet'", 'deploy kube', 'deploy']);
  });

  it('leaves the prefix out when no word of the company starts with it', () => {
    for (const text of ['deploy kubx', 'deploy or kubx']) {
      const params: unknown[] = [];
      expect(tsQuerySql(parseSearchText(text), params, { kind: 'lexemes', lexemes: [] })).toBe(
        "websearch_to_tsquery('english', $1::text)",
      );
      expect(params).toEqual([text]);
    }
  });

  it('joins an "or" prefix with ||', () => {
    const params: unknown[] = [];
    expect(
      tsQuerySql(parseSearchText('alpha or bet'), params, { kind: 'lexemes', lexemes: ['beta'] }),
    ).toBe(
      "(websearch_to_tsquery('english', $2::text) || (websearch_to_tsquery('english', $3::text) || $1::tsquery))",
    );
  });

  it('matches a lone word as itself or as a prefix, without an empty head query', () => {
    const params: unknown[] = [];
    expect(tsQuerySql(parseSearchText('kube'), params, { kind: 'partial' })).toBe(
      "(websearch_to_tsquery('english', $2::text) || to_tsquery('english', quote_literal($1::text) || ':*'))",
    );
    expect(params).toEqual(['kube', 'kube']);
  });

  it('matches a lone word by its expansion alone, which holds the word itself', () => {
    const params: unknown[] = [];
    expect(
      tsQuerySql(parseSearchText('kube'), params, {
        kind: 'lexemes',
        lexemes: ['kube', 'kubernet'],
      }),
    ).toBe('$1::tsquery');
    expect(params).toEqual(["'kube' | 'kubernet'"]);
  });

  it('quotes lexemes for tsquery input, doubling quotes and escaping backslashes', () => {
    expect(lexemeDisjunction(['plain', "o'neil", 'back\\slash'])).toBe(
      "'plain' | 'o''neil' | 'back\\\\slash'",
    );
  });
});
