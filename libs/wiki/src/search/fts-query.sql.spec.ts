import { lexemeDisjunction, tsQuerySql } from './fts-query.sql';
import { parseSearchText } from './search-text';

describe('the tsquery of a search', () => {
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
