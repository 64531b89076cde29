/** A landing rule's `title_pattern`: at most this many characters. */
export const TITLE_PATTERN_MAX = 200;

const WILDCARDS = new Set(['*', '?']);

/**
 * A title glob as an anchored, case-insensitive regular expression: `*` is any run of
 * characters (none included), `?` exactly one character; every other character stands for
 * itself, regular-expression metacharacters included.
 */
export function compileTitleGlob(pattern: string): RegExp {
  let source = '';
  for (const char of pattern) {
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else source += char.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'isu');
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
