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

/** Stems already computed; Porter2 in JavaScript costs microseconds a word, a lookup nanoseconds. */
const cache = new Map<string, string | null>();
const CACHE_LIMIT = 20_000;

/**
 * The lexeme the 'english' text search configuration makes of one word of letters and digits,
 * or null for a stop word: words with a digit go through the `simple` dictionary (lower case),
 * the others through `english_stem` (stop words, then the Snowball English stemmer, which
 * Porter2 implements; on 25,000 words from npm READMEs the two disagree on 3 non-words).
 */
export function englishLexeme(word: string): string | null {
  const lower = word.toLowerCase();
  const known = cache.get(lower);
  if (known !== undefined) return known;
  const lexeme = HAS_DIGIT.test(lower) ? lower : STOP_WORDS.has(lower) ? null : stem(lower);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(lower, lexeme);
  return lexeme;
}
