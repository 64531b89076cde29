import stem from 'wink-porter2-stemmer';
import {
  englishLexeme,
  MAX_STEMMED_LENGTH,
  SearchLexemes,
  STEM_UNITS_PER_SEARCH,
} from './english-lexeme';
import { queryTermsOf } from './query-terms';
import { snippetOf } from './snippet';

// The real stemmer, watched: the bounds below are counted in its calls.
jest.mock('wink-porter2-stemmer', () => {
  const actual = jest.requireActual<(word: string) => string>('wink-porter2-stemmer');
  return jest.fn((word: string) => actual(word));
});
const stemCalls = stem as unknown as jest.Mock<string, [string]>;

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

describe('snippet work is bounded per search', () => {
  const terms = (exact: string[], prefixes: string[] = []) => ({ exact: new Set(exact), prefixes });
  /** Distinct words of `length` letters, all starting with `head`, then a base-26 counter. */
  const distinctWords = (count: number, head: string, length: number) =>
    Array.from({ length: count }, (_, index) => {
      const counter = index
        .toString(26)
        .replace(/./g, (digit) => String.fromCharCode(97 + parseInt(digit, 26)));
      return (head + counter).padEnd(length, 'q');
    });
  const unitsOf = (calls: readonly [string][]) =>
    calls.reduce((sum, [word]) => sum + Math.ceil(word.length / 16), 0);

  beforeEach(() => stemCalls.mockClear());

  it('stems at most the budget for 50 pages of 100,000 characters of distinct matching words', () => {
    const pages = Array.from({ length: 5 }, (_, page) =>
      distinctWords(7_000, `deploy${'x'.repeat(page)}`, 14)
        .join(' ')
        .slice(0, 100_000),
    );
    const lexemes = new SearchLexemes();
    for (let result = 0; result < 50; result += 1) {
      snippetOf(pages[result % 5], terms(['deploy'], ['deploy']), lexemes);
    }
    expect(unitsOf(stemCalls.mock.calls)).toBeLessThanOrEqual(STEM_UNITS_PER_SEARCH);
    expect(lexemes.exhausted).toBe(true);
  });

  it('does not stem the longest words PostgreSQL indexes: 50 pages of them take no minutes', () => {
    const body = distinctWords(48, 'deploy', 2_046).join(' ');
    const lexemes = new SearchLexemes();
    const started = Date.now();
    for (let page = 0; page < 50; page += 1) {
      expect(snippetOf(body, terms(['deploy'], ['deploy']), lexemes)).toContain('«deploy');
    }
    expect(stemCalls).not.toHaveBeenCalled();
    // Generous: the same pages took ~150 s before (61 ms a word).
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('never stems a word longer than MAX_STEMMED_LENGTH, and still matches it by its start', () => {
    const long = `deploy${'s'.repeat(20_000)}`;
    const snippet = snippetOf(`one ${long.slice(0, 2_000)} two`, terms([], ['deploy']));
    expect(snippet).toBe(`one «${long.slice(0, 2_000)}» two`);
    expect(stemCalls.mock.calls.every(([word]) => word.length <= MAX_STEMMED_LENGTH)).toBe(true);
  });

  it('skips words PostgreSQL cannot index (2,047 UTF-8 bytes or more): they never matched', () => {
    const ascii = (length: number) => `deploy${'x'.repeat(length - 6)}`;
    expect(snippetOf(`a ${ascii(2_046)}`, terms([], ['deploy']))).toBe(`a «${ascii(2_046)}»`);
    expect(snippetOf(`a ${ascii(2_047)}`, terms([], ['deploy']))).toBe(`a ${ascii(2_047)}`);
    // 1,023 two-byte letters are 2,046 bytes (indexed), 1,024 are 2,048 (not).
    const accented = (count: number) => `deploy${'é'.repeat(count - 3)}`;
    expect(snippetOf(`a ${accented(1_023)}`, terms([], ['deploy']))).toContain('«');
    expect(snippetOf(`a ${accented(1_024)}`, terms([], ['deploy']))).not.toContain('«');
    expect(stemCalls).not.toHaveBeenCalled();
  });

  it('past the budget, matches words as written in lower case, and stems nothing more', () => {
    const lexemes = new SearchLexemes(1);
    expect(snippetOf('Deploys ran', terms(['deploy']), lexemes)).toBe('«Deploys» ran');
    expect(stemCalls).toHaveBeenCalledTimes(1);
    const after = snippetOf('Deploying, then DEPLOY and deployment', terms(['deploy']), lexemes);
    expect(after).toBe('Deploying, then «DEPLOY» and deployment');
    expect(snippetOf('kubernetes', terms([], ['kuber']), lexemes)).toBe('«kubernetes»');
    expect(stemCalls).toHaveBeenCalledTimes(1);
    expect(lexemes.exhausted).toBe(true);
  });

  it('costs nothing for a stem already computed, whatever the budget', () => {
    englishLexeme('Configurations');
    stemCalls.mockClear();
    const lexemes = new SearchLexemes(0);
    expect(snippetOf('Configurations', terms(['configur']), lexemes)).toBe('«Configurations»');
    expect(stemCalls).not.toHaveBeenCalled();
  });
});
