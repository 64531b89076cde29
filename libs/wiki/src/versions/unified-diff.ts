import { FILE_HEADERS_ONLY, formatPatch, type StructuredPatchHunk as Hunk } from 'diff';
import type { LineRun } from './line-diff';

export interface PatchNames {
  oldName: string;
  newName: string;
  oldHeader: string;
  newHeader: string;
}

/**
 * The unified diff of line runs, as the `diff` package's `createTwoFilesPatch` writes it with
 * `FILE_HEADERS_ONLY`: hunks of changes with `context` lines around them, hunks whose context
 * would touch merged, and "\ No newline at end of file" after a last line without one.
 */
export function unifiedDiff(names: PatchNames, runs: readonly LineRun[], context = 3): string {
  const hunks: Hunk[] = [];
  let lines: string[] = [];
  let oldStart = 0;
  let newStart = 0;
  let oldLine = 1;
  let newLine = 1;
  // A loop, not push(...lines): a run can hold more lines than a call takes arguments.
  const append = (prefix: string, text: readonly string[]) => {
    for (const line of text) lines.push(prefix + line);
  };
  for (const [index, run] of runs.entries()) {
    if (run.kind !== 'equal') {
      if (!oldStart) {
        const previous = runs[index - 1];
        oldStart = oldLine;
        newStart = newLine;
        if (previous && context > 0) {
          append(' ', previous.lines.slice(-context));
          oldStart -= lines.length;
          newStart -= lines.length;
        }
      }
      append(run.kind === 'added' ? '+' : '-', run.lines);
      if (run.kind === 'added') newLine += run.lines.length;
      else oldLine += run.lines.length;
      continue;
    }
    if (oldStart) {
      if (run.lines.length <= context * 2 && index < runs.length - 1) {
        append(' ', run.lines);
      } else {
        const size = Math.min(run.lines.length, context);
        append(' ', run.lines.slice(0, size));
        hunks.push(
          hunk(oldStart, oldLine - oldStart + size, newStart, newLine - newStart + size, lines),
        );
        oldStart = 0;
        newStart = 0;
        lines = [];
      }
    }
    oldLine += run.lines.length;
    newLine += run.lines.length;
  }
  if (oldStart) hunks.push(hunk(oldStart, oldLine - oldStart, newStart, newLine - newStart, lines));
  return formatPatch(
    {
      oldFileName: names.oldName,
      newFileName: names.newName,
      oldHeader: names.oldHeader,
      newHeader: names.newHeader,
      hunks,
    },
    FILE_HEADERS_ONLY,
  );
}

function hunk(
  oldStart: number,
  oldLines: number,
  newStart: number,
  newLines: number,
  lines: string[],
): Hunk {
  const out: string[] = [];
  for (const line of lines) {
    if (line.endsWith('\n')) out.push(line.slice(0, -1));
    else out.push(line, '\\ No newline at end of file');
  }
  return { oldStart, oldLines, newStart, newLines, lines: out };
}
