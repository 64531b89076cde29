/**
 * Steps one comparison may take (a step is one diagonal of the edit graph or one pair of equal
 * lines followed along it): ~20 ms, and at most ~16 MB of trace. Myers' algorithm takes about
 * (lines of both) × (lines changed) steps, which for two unrelated 1 MB bodies is minutes.
 */
export const DIFF_STEP_LIMIT = 4_000_000;

/** A maximal run of lines that are equal, removed or added. */
export interface LineRun {
  kind: 'equal' | 'removed' | 'added';
  /** Each with its line break, except the last line of a text that does not end with one. */
  lines: string[];
}

export interface LineDiff {
  runs: LineRun[];
  /**
   * True when the runs remove and add the fewest lines; false when the diff gave up after
   * `DIFF_STEP_LIMIT` steps and replaced the whole region from the first differing line to the
   * last instead (still a correct diff: applied to the old text it gives the new one).
   */
  minimal: boolean;
}

/** The lines of a text, each with its `\n`, as the `diff` package cuts them. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n').map((line) => `${line}\n`);
  const last = lines.pop() as string;
  if (last !== '\n') lines.push(last.slice(0, -1));
  return lines;
}

/**
 * The line diff of two texts: the common first and last lines are set aside, and Myers'
 * algorithm runs on the rest, over line numbers (each distinct line hashed once), within
 * `stepLimit` steps.
 */
export function diffLines(
  oldText: string,
  newText: string,
  stepLimit: number = DIFF_STEP_LIMIT,
): LineDiff {
  const oldLines = splitLines(oldText);
  const newLines = splitLines(newText);
  const ids = new Map<string, number>();
  const idsOf = (lines: readonly string[]) =>
    Int32Array.from(lines, (line) => {
      let id = ids.get(line);
      if (id === undefined) ids.set(line, (id = ids.size));
      return id;
    });
  const a = idsOf(oldLines);
  const b = idsOf(newLines);

  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail += 1;
  }
  const middleA = a.subarray(head, a.length - tail);
  const middleB = b.subarray(head, b.length - tail);
  const script = myers(middleA, middleB, stepLimit);

  const runs: LineRun[] = [];
  const push = (kind: LineRun['kind'], lines: string[]) => {
    if (lines.length > 0) runs.push({ kind, lines });
  };
  push('equal', oldLines.slice(0, head));
  const middleOld = oldLines.slice(head, oldLines.length - tail);
  const middleNew = newLines.slice(head, newLines.length - tail);
  if (script === null) {
    push('removed', middleOld);
    push('added', middleNew);
  } else {
    for (const run of script) {
      const lines =
        run.kind === 'added'
          ? middleNew.slice(run.newStart, run.newStart + run.count)
          : middleOld.slice(run.oldStart, run.oldStart + run.count);
      push(run.kind, lines);
    }
  }
  push('equal', oldLines.slice(oldLines.length - tail));
  return { runs, minimal: script !== null };
}

interface ScriptRun {
  kind: LineRun['kind'];
  oldStart: number;
  newStart: number;
  count: number;
}

/**
 * Myers' O((N+M)·D) shortest edit script of two id sequences, or null past `stepLimit` steps.
 * Within each change, removals come before additions (the unified diff's convention).
 */
function myers(a: Int32Array, b: Int32Array, stepLimit: number): ScriptRun[] | null {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) {
    const runs: ScriptRun[] = [];
    if (n > 0) runs.push({ kind: 'removed', oldStart: 0, newStart: 0, count: n });
    if (m > 0) runs.push({ kind: 'added', oldStart: 0, newStart: 0, count: m });
    return runs;
  }
  // d diagonals cost d² steps at least, so d never passes √stepLimit.
  const maxD = Math.min(n + m, Math.ceil(Math.sqrt(stepLimit)) + 1);
  const offset = maxD + 1;
  const v = new Int32Array(2 * maxD + 3);
  const trace: Int32Array[] = [];
  let steps = 0;
  let found = -1;
  for (let d = 0; d <= maxD && found < 0; d += 1) {
    for (let k = -d; k <= d; k += 2) {
      steps += 1;
      let x =
        k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])
          ? v[offset + k + 1]
          : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
        steps += 1;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
      if (steps > stepLimit) return null;
    }
    trace.push(v.slice(offset - d, offset + d + 1));
  }
  if (found < 0) return null;

  // Walk back from the end: each d took one removal or addition after a run of equal lines.
  const edits: { kind: 'removed' | 'added'; old: number; new: number }[] = [];
  const equal: { old: number; new: number; count: number }[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d -= 1) {
    const previous = trace[d - 1];
    const at = (k: number) => previous[k + d - 1];
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const previousK = down ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    const startX = down ? previousX : previousX + 1;
    const startY = startX - k;
    if (x > startX) equal.push({ old: startX, new: startY, count: x - startX });
    edits.push(
      down
        ? { kind: 'added', old: previousX, new: previousY }
        : { kind: 'removed', old: previousX, new: previousY },
    );
    equal.push({ old: -1, new: -1, count: 0 }); // marks where an edit sits among the equal runs
    x = previousX;
    y = previousY;
  }
  if (x > 0) equal.push({ old: 0, new: 0, count: x });
  return scriptRuns(edits.reverse(), equal.reverse());
}

/** The edits and equal runs (in text order, an edit where a marker sits) as grouped runs. */
function scriptRuns(
  edits: readonly { kind: 'removed' | 'added'; old: number; new: number }[],
  sequence: readonly { old: number; new: number; count: number }[],
): ScriptRun[] {
  const runs: ScriptRun[] = [];
  let removed: ScriptRun | null = null;
  let added: ScriptRun | null = null;
  const flush = () => {
    if (removed) runs.push(removed);
    if (added) runs.push(added);
    removed = null;
    added = null;
  };
  let edit = 0;
  for (const item of sequence) {
    if (item.count > 0) {
      flush();
      runs.push({ kind: 'equal', oldStart: item.old, newStart: item.new, count: item.count });
      continue;
    }
    const next = edits[edit];
    edit += 1;
    if (next.kind === 'removed') {
      if (removed) removed.count += 1;
      else removed = { kind: 'removed', oldStart: next.old, newStart: next.new, count: 1 };
    } else if (added) added.count += 1;
    else added = { kind: 'added', oldStart: next.old, newStart: next.new, count: 1 };
  }
  flush();
  return runs;
}
