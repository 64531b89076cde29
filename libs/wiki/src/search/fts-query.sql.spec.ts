import { compileStatement } from '@cw/db';
import { lexemeDisjunction, tsQuery } from './fts-query.sql';
import type { PrefixMatch } from './prefix-expansion';
import { parseSearchText } from './search-text';

const compiled = (text: string, prefix: PrefixMatch) => {
  const { sql, parameters } = compileStatement(tsQuery(parseSearchText(text), prefix));
  return { sql, params: parameters };
};

describe('the tsquery of a search', () => {
  it('puts user text only in parameters', () => {
    const text = "'); DROP TABLE wiki.pages; -- kube";
    const { sql, params } = compiled(text, { kind: 'partial' });
    expect(sql).not.toContain('DROP');
    expect(sql).toContain('$2::text');
    expect(params).toEqual([text, "'); DROP TABLE wiki.pages; --", 'kube']);
  });

  it('matches the prefix against the expanded lexemes, passed as one tsquery parameter', () => {
    const { sql, params } = compiled('deploy kube', {
      kind: 'lexemes',
      lexemes: ['kube', 'kubernet'],
    });
    expect(sql).toBe(
      "(websearch_to_tsquery('english', $1::text) || (websearch_to_tsquery('english', $2::text) && $3::tsquery))",
    );
    expect(params).toEqual(['deploy kube', 'deploy', "'kube' | 'kubernet'"]);
  });

  it('leaves the prefix out when no word of the company starts with it', () => {
    for (const text of ['deploy kubx', 'deploy or kubx']) {
      const { sql, params } = compiled(text, { kind: 'lexemes', lexemes: [] });
      expect(sql).toBe("websearch_to_tsquery('english', $1::text)");
      expect(params).toEqual([text]);
    }
  });

  it('joins an "or" prefix with ||', () => {
    expect(compiled('alpha or bet', { kind: 'lexemes', lexemes: ['beta'] }).sql).toBe(
      "(websearch_to_tsquery('english', $1::text) || (websearch_to_tsquery('english', $2::text) || $3::tsquery))",
    );
  });

  it('matches a lone word as itself or as a prefix, without an empty head query', () => {
    const { sql, params } = compiled('kube', { kind: 'partial' });
    expect(sql).toBe(
      "(websearch_to_tsquery('english', $1::text) || to_tsquery('english', quote_literal($2::text) || ':*'))",
    );
    expect(params).toEqual(['kube', 'kube']);
  });

  it('matches a lone word by its expansion alone, which holds the word itself', () => {
    const { sql, params } = compiled('kube', { kind: 'lexemes', lexemes: ['kube', 'kubernet'] });
    expect(sql).toBe('$1::tsquery');
    expect(params).toEqual(["'kube' | 'kubernet'"]);
  });

  it('quotes lexemes for tsquery input, doubling quotes and escaping backslashes', () => {
    expect(lexemeDisjunction(['plain', "o'neil", 'back\\slash'])).toBe(
      "'plain' | 'o''neil' | 'back\\\\slash'",
    );
  });
});
