import stem from 'wink-porter2-stemmer';

/**
 * PostgreSQL's english.stop (tsearch_data), which the `english_stem` dictionary applies before
 * stemming: these words never become lexemes.
 */
const STOP_WORDS: ReadonlySet<string> = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she
  her hers herself it its itself they them their theirs themselves what which who whom this that
  these those am is are was were be been being have has had having do does did doing a an the and
  but if or because as until while of at by for with about against between into through during
  before after above below to from up down in out on off over under again further then once here
  there when where why how all any both each few more most other some such no nor not only own
  same so than too very s t can will just don should now`.split(/\s+/),
);

const HAS_DIGIT = /\p{N}/u;

/**
 * Words longer than this are never given to the stemmer: no English word is this long, and the
 * stemmer's regular expressions cost more than linearly in the word (~175 µs at 64 characters,
 * ~60 ms at 2,000).
 */
export const MAX_STEMMED_LENGTH = 64;

/**
 * Stemming work one search may do, in units of 16 characters begun (a 5-letter word costs 1, a
 * 64-letter one 4); a unit costs ~40 µs, so a search stems for ~80 ms at most, whatever its pages.
 */
export const STEM_UNITS_PER_SEARCH = 2_000;
const STEM_UNIT_CHARS = 16;

/** Stems already computed; Porter2 in JavaScript costs microseconds a word, a lookup nanoseconds. */
const cache = new Map<string, string | null>();
const CACHE_LIMIT = 20_000;

/**
 * The lexeme the 'english' text search configuration makes of one word of letters and digits,
 * or null for a stop word: words with a digit go through the `simple` dictionary (lower case),
 * the others through `english_stem` (stop words, then the Snowball English stemmer, which
 * Porter2 implements; on 25,000 words from npm READMEs the two disagree on 3 non-words).
 * Unbounded: for words of one search, use `SearchLexemes`, which bounds the stemming.
 */
export function englishLexeme(word: string): string | null {
  return lexemeOfLower(word.toLowerCase(), stemAndKeep);
}

function lexemeOfLower(lower: string, stemmer: (lower: string) => string): string | null {
  if (HAS_DIGIT.test(lower)) return lower;
  if (STOP_WORDS.has(lower)) return null;
  const known = cache.get(lower);
  if (known !== undefined) return known;
  return stemmer(lower);
}

function stemAndKeep(lower: string): string {
  const lexeme = stem(lower);
  if (lower.length <= MAX_STEMMED_LENGTH) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(lower, lexeme);
  }
  return lexeme;
}

/**
 * The lexemes of the words of one search's snippets, with a budget of stemming work
 * (`STEM_UNITS_PER_SEARCH`): stems already cached cost nothing, words with a digit and stop words
 * need no stemming. A word longer than `MAX_STEMMED_LENGTH`, or met once the budget is spent,
 * is not stemmed: its lexeme is the word in lower case, so it still matches a term written the
 * same way and a prefix it starts with, but not as another form of a term (`deploys` for
 * `deploy`). Each snippet is then still made, in time linear in its text.
 */
export class SearchLexemes {
  private remaining: number;

  constructor(units: number = STEM_UNITS_PER_SEARCH) {
    this.remaining = units;
  }

  /** Whether the budget ran out (some words were compared unstemmed). */
  get exhausted(): boolean {
    return this.remaining <= 0;
  }

  lexemeOf(word: string): string | null {
    return lexemeOfLower(word.toLowerCase(), (lower) => this.stemWithin(lower));
  }

  private stemWithin(lower: string): string {
    if (lower.length > MAX_STEMMED_LENGTH) return lower;
    const units = Math.ceil(lower.length / STEM_UNIT_CHARS);
    if (units > this.remaining) {
      this.remaining = 0;
      return lower;
    }
    this.remaining -= units;
    return stemAndKeep(lower);
  }
}
