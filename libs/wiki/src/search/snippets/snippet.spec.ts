import { englishLexeme } from './english-lexeme';
import { queryTermsOf } from './query-terms';
import { snippetOf } from './snippet';

const words = (count: number, from = 1) =>
  Array.from({ length: count }, (_, index) => `w${from + index}`).join(' ');

describe('query terms', () => {
  it('reads the operands of a querytree, prefixes apart, quotes and backslashes unescaped', () => {
    const terms = queryTermsOf(
      `'custom' | 'kuber':* & 'x' <-> 'y':AB | 'o''neil' | 'back\\\\slash'`,
    );
    expect([...terms.exact]).toEqual(['custom', 'x', 'y', "o'neil", 'back\\slash']);
    expect(terms.prefixes).toEqual(['kuber']);
  });

  it('has no terms for T (a query of negations only)', () => {
    expect(queryTermsOf('T')).toEqual({ exact: new Set(), prefixes: [] });
  });
});

describe('english lexemes', () => {
  it('stems words as english_stem does, drops stop words, keeps words with digits whole', () => {
    expect(englishLexeme('Customers')).toBe('custom');
    expect(englishLexeme('company')).toBe('compani');
    expect(englishLexeme('the')).toBeNull();
    expect(englishLexeme('V2')).toBe('v2');
  });
});

describe('snippets', () => {
  const terms = (exact: string[], prefixes: string[] = []) => ({ exact: new Set(exact), prefixes });

  it('highlights every form of a matched lexeme with « and », as plain text', () => {
    expect(snippetOf('Our customers and one customer <b>', terms(['custom']))).toBe(
      'Our «customers» and one «customer» <b>',
    );
  });

  it('matches prefixes of lexemes', () => {
    expect(snippetOf('Kubernetes clusters', terms([], ['kuber']))).toBe('«Kubernetes» clusters');
  });

  it('shows the first 12 words when the body does not match', () => {
    expect(snippetOf(words(40), terms(['nothing']))).toBe(words(12));
  });

  it('cuts a fragment to 35 words, from a few words before the match', () => {
    const text = `${words(50)} needle ${words(50, 51)}`;
    const snippet = snippetOf(text, terms(['needl']));
    expect(snippet.startsWith('w43 w44')).toBe(true);
    expect(snippet).toContain('w50 «needle» w51');
    expect(snippet.split(' ')).toHaveLength(35);
  });

  it('joins up to two fragments in text order, preferring the one with more distinct terms', () => {
    const text = `alpha ${words(60)} alpha ${words(60, 100)} alpha beta ${words(60, 200)} gamma`;
    const snippet = snippetOf(text, terms(['alpha', 'beta', 'gamma']));
    const fragments = snippet.split(' … ');
    expect(fragments).toHaveLength(2);
    expect(fragments[1]).toContain('«alpha» «beta»');
    expect(fragments[1]).not.toContain('gamma');
  });

  it('collapses whitespace and returns nothing for an empty body', () => {
    expect(snippetOf('one\n\n  two\tthree', terms(['two']))).toBe('one «two» three');
    expect(snippetOf('', terms(['two']))).toBe('');
  });
});
