import { applyPatch, createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import fc from 'fast-check';
import { diffLines, splitLines } from './line-diff';
import { unifiedDiff } from './unified-diff';

const NAMES = { oldName: 'v1', newName: 'v2', oldHeader: 'Old', newHeader: 'New' };
const patchOf = (oldText: string, newText: string, stepLimit?: number) => {
  const diff = diffLines(oldText, newText, stepLimit);
  return { ...diff, unified: unifiedDiff(NAMES, diff.runs) };
};
const changed = (runs: ReturnType<typeof diffLines>['runs']) =>
  runs.filter((run) => run.kind !== 'equal').reduce((sum, run) => sum + run.lines.length, 0);
/** Lines the `diff` package adds and removes: the fewest possible. */
const fewestChanges = (oldText: string, newText: string) =>
  createTwoFilesPatch('v1', 'v2', oldText, newText, 'Old', 'New', {
    headerOptions: FILE_HEADERS_ONLY,
  })
    .split('\n')
    .slice(2)
    .filter((line) => /^[+-]/.test(line)).length;

/** `lines` lines from a small alphabet, so that texts share many lines; maybe no final break. */
const text = fc
  .tuple(fc.array(fc.constantFrom('a', 'b', 'c', 'd', '', 'a b'), { maxLength: 30 }), fc.boolean())
  .map(([lines, finalBreak]) => lines.join('\n') + (finalBreak && lines.length ? '\n' : ''));

describe('line diff', () => {
  it('cuts lines as the diff package does, each with its line break', () => {
    expect(splitLines('')).toEqual([]);
    expect(splitLines('a\nb')).toEqual(['a\n', 'b']);
    expect(splitLines('a\n\n')).toEqual(['a\n', '\n']);
    expect(splitLines('a\r\nb\n')).toEqual(['a\r\n', 'b\n']);
  });

  it('writes the same unified diff as the diff package for a small change', () => {
    const before = 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten';
    const after = 'one\n2\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven';
    expect(patchOf(before, after).unified).toBe(
      createTwoFilesPatch('v1', 'v2', before, after, 'Old', 'New', {
        context: 3,
        headerOptions: FILE_HEADERS_ONLY,
      }),
    );
  });

  it('gives a correct and shortest diff of any two texts', () => {
    fc.assert(
      fc.property(text, text, (before, after) => {
        const { unified, runs, minimal } = patchOf(before, after);
        expect(minimal).toBe(true);
        expect(applyPatch(before, unified)).toBe(after);
        expect(changed(runs)).toBe(fewestChanges(before, after));
      }),
      { numRuns: 2_000 },
    );
  });

  it('past its step limit gives up with one hunk for the changed region, still correct', () => {
    fc.assert(
      fc.property(text, text, (before, after) => {
        const { unified, minimal } = patchOf(before, after, 3);
        if (minimal) return;
        expect(applyPatch(before, unified)).toBe(after);
        expect(unified.match(/^@@/gm)).toHaveLength(1);
      }),
      { numRuns: 2_000 },
    );
    const before = 'keep\na\nb\nc\nd\nkeep too';
    const after = 'keep\nw\nx\ny\nz\nkeep too';
    expect(patchOf(before, after).minimal).toBe(true);
    expect(patchOf(before, after, 3)).toMatchObject({ minimal: false });
  });

  it('gives up at once on two unrelated 1 MB bodies, which took the diff package minutes', () => {
    const body = (seed: number) => {
      const lines: string[] = [];
      for (let at = 0, length = 0; length < 1_000_000; at += 1) {
        const line = `${seed}-${(at * 7_919) % 100_003}`;
        lines.push(line);
        length += line.length + 1;
      }
      return lines.join('\n');
    };
    const before = body(1);
    const after = body(2);
    const started = Date.now();
    const { unified, runs, minimal } = patchOf(before, after);
    expect(Date.now() - started).toBeLessThan(3_000); // generous: well under 1 s here
    expect(minimal).toBe(false);
    expect(runs.map((run) => run.kind)).toEqual(['removed', 'added']);
    expect(changed(runs)).toBe(splitLines(before).length + splitLines(after).length);
    expect(applyPatch(before, unified)).toBe(after);
  });

  it('stays minimal within the limit on 1,000 long lines of which every other one changed', () => {
    const line = `${'x'.repeat(999)}\n`;
    const before = line.repeat(1_000);
    const after = Array.from({ length: 1_000 }, (_, at) => (at % 2 ? line : `y${line}`)).join('');
    const { runs, minimal } = patchOf(before, after);
    expect(minimal).toBe(true);
    expect(changed(runs)).toBe(1_000);
  });
});
