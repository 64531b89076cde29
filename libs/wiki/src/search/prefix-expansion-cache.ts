import { BoundedMap } from '@cw/platform';
import type { PrefixExpansion } from './prefix-expansion';

const CAPACITY = 10_000;

/**
 * Prefix expansions this process computed, by company and word, so that a repeated search needs
 * one statement instead of two. An entry may be out of date (a page may since have brought a new
 * word with the prefix): the search statement re-reads the lexemes of a cached expansion in its
 * own snapshot and the search runs again when they changed (WikiSearchService), so a cached
 * expansion never hides a match. The oldest entries leave first once it holds 10,000.
 */
export class PrefixExpansionCache {
  private readonly entries = new BoundedMap<string, PrefixExpansion>(CAPACITY);

  get(companyId: string, word: string): PrefixExpansion | undefined {
    return this.entries.get(key(companyId, word));
  }

  set(companyId: string, expansion: PrefixExpansion): void {
    this.entries.set(key(companyId, expansion.word), expansion);
  }
}

function key(companyId: string, word: string): string {
  return `${companyId}\u0000${word}`;
}
