import fc from 'fast-check';
import {
  compileTitleGlob,
  literalLength,
  matchesTitleGlob,
  titlePatternProblem,
} from './title-glob';

const anyTitle = fc.string({ unit: 'binary', minLength: 1, maxLength: 60 });
const METACHARACTERS = ['\\', '^', '$', '.', '+', '(', ')', '[', ']', '{', '}', '|', '/', '-'];
/** Titles made of regular-expression metacharacters, letters and spaces, never a wildcard. */
const literalText = fc.string({
  unit: fc.constantFrom(...METACHARACTERS, 'a', 'B', ' ', 'é'),
  minLength: 1,
  maxLength: 30,
});

describe('title globs', () => {
  it('`*` matches every title, and `*` around any literal text matches titles containing it', () => {
    fc.assert(fc.property(anyTitle, (title) => matchesTitleGlob('*', title)));
    fc.assert(
      fc.property(literalText, literalText, literalText, (before, middle, after) =>
        matchesTitleGlob(`*${middle}*`, `${before}${middle}${after}`),
      ),
    );
  });

  it('a pattern without wildcards matches exactly its own text, in any case', () => {
    fc.assert(
      fc.property(literalText, (text) => {
        expect(matchesTitleGlob(text, text)).toBe(true);
        expect(matchesTitleGlob(text, text.toUpperCase())).toBe(true);
        expect(matchesTitleGlob(text, text.toLowerCase())).toBe(true);
        expect(matchesTitleGlob(text, `${text}x`)).toBe(false);
        expect(matchesTitleGlob(text, `x${text}`)).toBe(false);
      }),
    );
  });

  it('escapes regular-expression metacharacters: they stand for themselves', () => {
    fc.assert(
      fc.property(literalText, fc.constantFrom('a', 'B', ' ', 'é', 'z'), (text, other) => {
        // Replacing a metacharacter by another character must break the match.
        const index = [...text].findIndex((char) => METACHARACTERS.includes(char));
        fc.pre(index >= 0);
        const chars = [...text];
        chars[index] = other;
        expect(matchesTitleGlob(text, chars.join(''))).toBe(false);
      }),
    );
    expect(matchesTitleGlob('a.c', 'abc')).toBe(false);
    expect(matchesTitleGlob('(x)+', 'xx')).toBe(false);
    expect(matchesTitleGlob('[ab]', 'a')).toBe(false);
    expect(matchesTitleGlob('[ab]', '[AB]')).toBe(true);
    expect(matchesTitleGlob('^$', '^$')).toBe(true);
  });

  it('`?` is exactly one character, also outside the Basic Multilingual Plane', () => {
    fc.assert(
      fc.property(literalText, (text) => {
        const chars = [...text];
        const pattern = ['?', ...chars.slice(1)].join('');
        expect(matchesTitleGlob(pattern, text)).toBe(true);
        expect(matchesTitleGlob(pattern, text.slice(chars[0].length))).toBe(false);
      }),
    );
    expect(matchesTitleGlob('Note ?', 'Note 😀')).toBe(true);
    expect(matchesTitleGlob('Note ?', 'Note 12')).toBe(false);
  });

  it('is anchored and case-insensitive', () => {
    expect(matchesTitleGlob('deploy*', 'Deploy log 2024')).toBe(true);
    expect(matchesTitleGlob('deploy*', 'My deploy log')).toBe(false);
    expect(matchesTitleGlob('*-mortem', 'Post-Mortem')).toBe(true);
    expect(compileTitleGlob('a*b').test('AxxB')).toBe(true);
  });

  /** The single regular expression patterns compiled to before: the meaning to keep. */
  const asOneRegExp = (pattern: string) =>
    new RegExp(
      `^${[...pattern]
        .map((char) =>
          char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'),
        )
        .join('')}$`,
      'isu',
    );

  it('matches exactly as the one anchored case-insensitive regular expression did', () => {
    const unit = fc.constantFrom('a', 'A', 'b', 'é', 'É', 'ſ', 's', 'K', '\u212a', '😀', '.', ' ');
    const title = fc.string({ unit, maxLength: 12 });
    const pattern = fc.string({
      unit: fc.oneof(unit, fc.constantFrom('*', '?', '**')),
      maxLength: 8,
    });
    fc.assert(
      fc.property(pattern, title, (glob, text) => {
        expect(matchesTitleGlob(glob, text)).toBe(asOneRegExp(glob).test(text));
      }),
      { numRuns: 5_000 },
    );
  });

  it('stays linear on the pattern that made the regular expression backtrack for minutes', () => {
    // 100 stars: `^.*a.*a…b$` against 300 a's would try ~C(300, 100) ways.
    const glob = compileTitleGlob(`${'*a'.repeat(99)}*b`);
    const title = 'a'.repeat(300);
    const started = Date.now();
    for (let round = 0; round < 1_000; round += 1) expect(glob.test(title)).toBe(false);
    expect(glob.test(`${title}b`)).toBe(true);
    // Generous: 1,000 rounds (a home summary's worth of rules); one round took minutes before.
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('counts literal characters as specificity', () => {
    expect(literalLength('*')).toBe(0);
    expect(literalLength('Deploy ?*')).toBe(7);
    expect(literalLength('😀*')).toBe(1);
  });

  it('refuses blank patterns and control characters', () => {
    expect(titlePatternProblem('Deploy *')).toBeNull();
    expect(titlePatternProblem('   ')).toMatch(/empty/);
    expect(titlePatternProblem('a\nb')).toMatch(/control/);
  });
});
