import { expansionOf, MAX_PREFIX_LEXEMES, sameExpansion } from './prefix-expansion';
import { PrefixExpansionCache } from './prefix-expansion-cache';

describe('prefix expansions', () => {
  it('keeps the partial match for a stop word or a prefix of too many lexemes', () => {
    expect(expansionOf('the', null, []).match).toEqual({ kind: 'partial' });
    const many = Array.from({ length: MAX_PREFIX_LEXEMES + 1 }, (_, index) => `ab${index}`);
    expect(expansionOf('ab', 'ab', many).match).toEqual({ kind: 'partial' });
    expect(expansionOf('ab', 'ab', many.slice(1)).match).toEqual({
      kind: 'lexemes',
      lexemes: many.slice(1),
    });
  });

  it('compares expansions by the lexemes they match', () => {
    const one = expansionOf('kub', 'kub', ['kubernet']);
    expect(sameExpansion(one, expansionOf('kub', 'kub', ['kubernet']))).toBe(true);
    expect(sameExpansion(one, expansionOf('kub', 'kub', ['kube', 'kubernet']))).toBe(false);
    expect(sameExpansion(one, expansionOf('kub', 'kub', []))).toBe(false);
    expect(sameExpansion(expansionOf('the', null, []), expansionOf('the', null, []))).toBe(true);
  });
});

describe('the prefix expansion cache', () => {
  it('keeps entries per company and word, and lets the oldest go when full', () => {
    const cache = new PrefixExpansionCache();
    cache.set('c1', expansionOf('kub', 'kub', ['kubernet']));
    expect(cache.get('c1', 'kub')?.match).toEqual({ kind: 'lexemes', lexemes: ['kubernet'] });
    expect(cache.get('c2', 'kub')).toBeUndefined();
    for (let index = 0; index < 10_000; index += 1)
      cache.set('c2', expansionOf(`w${index}`, 'w', []));
    expect(cache.get('c1', 'kub')).toBeUndefined();
    expect(cache.get('c2', 'w9999')).toBeDefined();
  });
});
