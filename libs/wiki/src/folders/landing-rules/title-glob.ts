/** A landing rule's `title_pattern`: at most this many characters. */
export const TITLE_PATTERN_MAX = 200;

const WILDCARDS = new Set(['*', '?']);

/** A compiled title glob. */
export interface TitleGlob {
  test(title: string): boolean;
  /** At most how many character comparisons `test` makes on a title of this length. */
  worstSteps(titleLength: number): number;
}

/** A run of literal characters and `?` as a regular expression without any quantifier. */
function segmentSource(segment: string): string {
  let source = '';
  for (const char of segment) {
    if (char === '?') source += '.';
    else source += char.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
  }
  return source;
}

const codePoints = (text: string): number => [...text].length;

/** Where the last `count` code points of `text` start, or -1 when it has fewer. */
function startOfLast(text: string, count: number): number {
  let at = text.length;
  for (let left = count; left > 0; left -= 1) {
    if (at === 0) return -1;
    at -= 1;
    const code = text.charCodeAt(at);
    if (at > 0 && code >= 0xdc00 && code <= 0xdfff) {
      const before = text.charCodeAt(at - 1);
      if (before >= 0xd800 && before <= 0xdbff) at -= 1;
    }
  }
  return at;
}

/**
 * A title glob, matched anchored and case-insensitively: `*` is any run of characters (none
 * included), `?` exactly one character; every other character stands for itself,
 * regular-expression metacharacters included.
 *
 * Not one regular expression: `^.*a.*a.*…b$` backtracks exponentially in the number of `*` (a
 * 12-star pattern held the process for minutes on a 40-letter title). The pattern is cut at its
 * stars instead: the text before the first must start the title, the text after the last must end
 * it, and each piece between is found leftmost after the previous one, which is the match
 * whenever one exists. Each piece is a quantifier-free regular expression (so case folding is the
 * engine's `iu` folding, as before) matching one code point per character of the piece, so the
 * first and last pieces are checked in place and only the pieces between are searched for.
 */
export function compileTitleGlob(pattern: string): TitleGlob {
  const pieces = pattern.split('*');
  const flags = 'isu';
  if (pieces.length === 1) {
    const whole = new RegExp(`^${segmentSource(pattern)}$`, flags);
    const length = codePoints(pattern);
    return { test: (title) => whole.test(title), worstSteps: () => length };
  }
  const headPiece = pieces[0];
  const tailPiece = pieces[pieces.length - 1];
  const head = headPiece === '' ? null : new RegExp(segmentSource(headPiece), `${flags}y`);
  const tail = tailPiece === '' ? null : new RegExp(`${segmentSource(tailPiece)}$`, `${flags}y`);
  const tailLength = codePoints(tailPiece);
  const middlePieces = pieces.slice(1, -1).filter((piece) => piece !== '');
  const middle = middlePieces.map((piece) => new RegExp(segmentSource(piece), `${flags}g`));
  const searched = middlePieces.reduce((sum, piece) => sum + codePoints(piece), 0);
  const anchored = codePoints(headPiece) + tailLength;
  return {
    test(title: string): boolean {
      let at = 0;
      if (head) {
        head.lastIndex = 0;
        if (!head.test(title)) return false;
        at = head.lastIndex;
      }
      for (const piece of middle) {
        piece.lastIndex = at;
        if (!piece.test(title)) return false;
        at = piece.lastIndex;
      }
      if (!tail) return true;
      const start = startOfLast(title, tailLength);
      if (start < at) return false;
      tail.lastIndex = start;
      return tail.test(title);
    },
    worstSteps: (titleLength) => titleLength * (searched + middle.length) + anchored,
  };
}

export function matchesTitleGlob(pattern: string, title: string): boolean {
  return compileTitleGlob(pattern).test(title);
}

/**
 * How specific a pattern is: its characters that are not wildcards. Of several rules matching
 * one title, the one with the most literal characters names the page best.
 */
export function literalLength(pattern: string): number {
  let count = 0;
  for (const char of pattern) if (!WILDCARDS.has(char)) count += 1;
  return count;
}

/** Why `pattern` cannot be a rule (beyond its length, which the request DTO bounds), or null. */
export function titlePatternProblem(pattern: string): string | null {
  if (pattern.trim() === '') return 'title_pattern is not empty or only spaces';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(pattern)) return 'title_pattern has no control characters';
  return null;
}
