import { SearchLexemes } from './english-lexeme';
import type { QueryTerms } from './query-terms';

/** Snippets mark matches with « and »; they are plain text, not HTML. */
export const SNIPPET_START = '«';
export const SNIPPET_STOP = '»';
const FRAGMENT_DELIMITER = ' … ';

/** Words of one fragment, at most. */
const MAX_WORDS = 35;
/** Words shown when nothing in the body matched (a title match). */
const MIN_WORDS = 12;
/** Fragments of one snippet, at most. */
const MAX_FRAGMENTS = 2;
/** Words of context a fragment shows before its first match, at most. */
const LEAD_WORDS = 8;
/** PostgreSQL makes no lexeme of a word of this many UTF-8 bytes or more ("word is too long"). */
const UNINDEXED_WORD_BYTES = 2047;

interface Word {
  start: number;
  end: number;
  /** The matched lexeme, or null. */
  match: string | null;
}

interface Fragment {
  first: number;
  last: number;
  /** Distinct lexemes matched, then matches: what makes a fragment better. */
  distinct: number;
  matches: number;
}

/**
 * A highlighted excerpt of `text` for a search, in the manner of PostgreSQL's `ts_headline` with
 * MaxWords=35, MinWords=12, MaxFragments=2: up to two fragments of up to 35 words around the
 * matches, the one with the most distinct terms first chosen, shown in text order and joined by
 * ` … `; the first 12 words when nothing in the body matches. Whitespace is collapsed.
 *
 * It runs in the service rather than in PostgreSQL because `ts_headline` re-parses the body with
 * the text search parser, which cost a fifth of the database time of a search
 * (docs/wiki-search.md). Words match as the 'english' configuration would make them lexemes,
 * within the stemming budget of `lexemes` (one per search, shared by its snippets).
 */
export function snippetOf(
  text: string,
  terms: QueryTerms,
  lexemes: SearchLexemes = new SearchLexemes(),
): string {
  const words = wordsOf(text, terms, lexemes);
  if (words.length === 0) return '';
  const fragments = chooseFragments(words);
  if (fragments.length === 0) return render(text, words, 0, Math.min(words.length, MIN_WORDS) - 1);
  return fragments
    .sort((a, b) => a.first - b.first)
    .map((fragment) => render(text, words, fragment.first, fragment.last))
    .join(FRAGMENT_DELIMITER);
}

function wordsOf(text: string, terms: QueryTerms, lexemes: SearchLexemes): Word[] {
  const initials = new Set<string>();
  for (const lexeme of terms.exact) initials.add(lexeme.charAt(0));
  for (const prefix of terms.prefixes) initials.add(prefix.charAt(0));
  const words: Word[] = [];
  let index = 0;
  while (index < text.length) {
    if (!isWordCharacter(text, index)) {
      index += 1;
      continue;
    }
    const start = index;
    while (index < text.length && isWordCharacter(text, index)) index += 1;
    // Stemming keeps the first letter, so only words starting like a term can match one; a word
    // PostgreSQL does not index never matched.
    const lexeme =
      initials.has(text.charAt(start).toLowerCase()) && isIndexable(text, start, index)
        ? lexemes.lexemeOf(text.slice(start, index))
        : null;
    const match =
      lexeme !== null &&
      (terms.exact.has(lexeme) || terms.prefixes.some((prefix) => lexeme.startsWith(prefix)))
        ? lexeme
        : null;
    words.push({ start, end: index, match });
  }
  return words;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Whether text[start, end) is under PostgreSQL's word limit (a UTF-16 unit is 1 to 3 bytes). */
function isIndexable(text: string, start: number, end: number): boolean {
  const units = end - start;
  if (units * 3 < UNINDEXED_WORD_BYTES) return true;
  if (units >= UNINDEXED_WORD_BYTES) return false;
  return Buffer.byteLength(text.slice(start, end), 'utf8') < UNINDEXED_WORD_BYTES;
}

/** A letter or digit (ASCII checked by code, the rest by Unicode property). */
function isWordCharacter(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code < 128) {
    return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
  }
  return LETTER_OR_DIGIT.test(text.charAt(index));
}

/** Greedily the best window of each round, then the best among the matches it left out. */
function chooseFragments(words: readonly Word[]): Fragment[] {
  const chosen: Fragment[] = [];
  while (chosen.length < MAX_FRAGMENTS) {
    const best = bestWindow(words, chosen);
    if (!best) break;
    chosen.push(best);
  }
  return chosen;
}

/**
 * The best window around a match outside the fragments already chosen. Both ends of the window
 * only move forward from one match to the next, so the matches inside it are counted as it
 * slides: linear in the words, however many of them match.
 */
function bestWindow(words: readonly Word[], chosen: readonly Fragment[]): Fragment | null {
  const counts = new Map<string, number>();
  let matches = 0;
  let lo = 0;
  let hi = -1;
  const add = (match: string | null) => {
    if (match === null) return;
    counts.set(match, (counts.get(match) ?? 0) + 1);
    matches += 1;
  };
  const remove = (match: string | null) => {
    if (match === null) return;
    const left = (counts.get(match) ?? 0) - 1;
    if (left === 0) counts.delete(match);
    else counts.set(match, left);
    matches -= 1;
  };
  let best: Fragment | null = null;
  for (let index = 0; index < words.length; index += 1) {
    if (words[index].match === null) continue;
    if (chosen.some((f) => index >= f.first && index <= f.last)) continue;
    const { first, last } = windowAround(words, index, chosen);
    if (first > hi) {
      counts.clear();
      matches = 0;
      lo = first;
      hi = first - 1;
    }
    while (hi < last) add(words[(hi += 1)].match);
    while (lo < first) remove(words[lo++].match);
    const candidate = { first, last, distinct: counts.size, matches };
    if (!best || better(candidate, best)) best = candidate;
  }
  return best;
}

/** The bounds of the window around the match at `index`, clear of the fragments chosen. */
function windowAround(
  words: readonly Word[],
  index: number,
  chosen: readonly Fragment[],
): { first: number; last: number } {
  // `index` is outside every chosen fragment, so each lies wholly before or wholly after it.
  let first = Math.max(0, index - LEAD_WORDS);
  for (const f of chosen) if (f.last < index && f.last >= first) first = f.last + 1;
  let last = Math.min(words.length - 1, first + MAX_WORDS - 1);
  for (const f of chosen) if (f.first > index && f.first <= last) last = f.first - 1;
  return { first, last };
}

function better(a: Fragment, b: Fragment): boolean {
  if (a.distinct !== b.distinct) return a.distinct > b.distinct;
  return a.matches > b.matches;
}

function render(text: string, words: readonly Word[], first: number, last: number): string {
  let out = '';
  let cursor = words[first].start;
  for (let index = first; index <= last; index += 1) {
    const word = words[index];
    if (word.match === null) continue;
    out += `${text.slice(cursor, word.start)}${SNIPPET_START}${text.slice(word.start, word.end)}${SNIPPET_STOP}`;
    cursor = word.end;
  }
  const end = words[last].end;
  // The punctuation right after the last word ("end." keeps its period).
  const tail = /^[^\s\p{L}\p{N}]*/u.exec(text.slice(end, end + 100))?.[0] ?? '';
  out += text.slice(cursor, end) + tail;
  return out.replace(/\s+/g, ' ').trim();
}
