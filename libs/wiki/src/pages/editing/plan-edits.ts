import type { EditPlan, EditReport, PlanInput, Refusal, ReplaceEdit } from './edit-plan.types';

/** A matched range [start, end) of the head and the text that takes its place. */
interface Span {
  start: number;
  end: number;
  replace: string;
}

/** What one edit means against the head, before the edits are weighed against each other. */
type Assessment =
  | { kind: 'applies'; spans: Span[] }
  | { kind: 'already_applied' }
  | { kind: 'overtaken' }
  | { kind: 'refused'; refusal: Refusal };

/** Line numbers listed in an "ambiguous" message before it says "and more". */
const LINES_LISTED = 5;

/**
 * Occurrences one request may replace, over all its edits. Every occurrence becomes a span that
 * is kept, sorted and checked against the other edits' spans; without a cap, 100 `all` edits of
 * one letter over a 1 MB body made 100 million of them (gigabytes, and seconds of the event
 * loop).
 */
export const MAX_REPLACED_OCCURRENCES = 10_000;
/** Occurrences of an ambiguous anchor counted for its message, at most. */
const AMBIGUOUS_COUNTED = 1_000;

/**
 * Plans a batch of replace edits against a page body. Pure: no I/O, never throws.
 *
 * Precedence: an empty `find` (first by index), then an absent or ambiguous anchor (first by
 * index), then overlapping edits, then an edit whose target an intervening save removed. Edits
 * that pass all of these are applied together against the original head: no edit sees another's
 * output.
 */
export function planEdits(input: PlanInput): EditPlan {
  const { head, base, edits } = input;

  const emptyIndex = edits.findIndex((edit) => edit.find === '');
  if (emptyIndex !== -1) {
    return refused({
      edit_index: emptyIndex,
      reason: 'empty_find',
      message: `edits[${emptyIndex}]: the text to find is empty; copy the exact text to replace from the page.`,
    });
  }

  const assessments: Assessment[] = [];
  let replaceable = MAX_REPLACED_OCCURRENCES;
  for (const [index, edit] of edits.entries()) {
    const assessment = assess(edit, index, head, base, replaceable);
    if (assessment.kind === 'refused') return refused(assessment.refusal);
    if (assessment.kind === 'applies') replaceable -= assessment.spans.length;
    assessments.push(assessment);
  }

  const overlap = findOverlap(assessments, head);
  if (overlap) return refused(overlap);

  const overtakenIndex = assessments.findIndex((assessment) => assessment.kind === 'overtaken');
  if (overtakenIndex !== -1) {
    return {
      outcome: 'overtaken',
      edit_index: overtakenIndex,
      message: `edits[${overtakenIndex}]: the text to find was in the version you read, but a later save removed it; read the page again and redo this edit against the current text.`,
    };
  }

  return apply(head, assessments);
}

function assess(
  edit: ReplaceEdit,
  index: number,
  head: string,
  base: string | null,
  replaceable: number,
): Assessment {
  const all = edit.all === true;
  // One more than can be used tells that there are too many.
  const starts = matchStarts(head, edit.find, all ? replaceable + 1 : AMBIGUOUS_COUNTED + 1);

  if (starts.length === 0) {
    if (edit.replace !== '' && head.includes(edit.replace)) return { kind: 'already_applied' };
    if (base !== null && base.includes(edit.find)) return { kind: 'overtaken' };
    return {
      kind: 'refused',
      refusal: {
        edit_index: index,
        reason: 'anchor_absent',
        message: `edits[${index}]: the text to find does not appear in the page; read the page again and copy the text exactly, including whitespace and line breaks.`,
      },
    };
  }

  if (starts.length > 1 && !all) {
    const counted = starts.length > AMBIGUOUS_COUNTED;
    const times = counted
      ? `more than ${AMBIGUOUS_COUNTED.toLocaleString('en-US')}`
      : starts.length;
    return {
      kind: 'refused',
      refusal: {
        edit_index: index,
        reason: 'anchor_ambiguous',
        message: `edits[${index}]: the text to find appears ${times} times (${describeLines(head, starts.slice(0, AMBIGUOUS_COUNTED), counted)}); include more surrounding text so it matches once, or set all: true to replace every occurrence.`,
      },
    };
  }

  if (starts.length > replaceable) {
    return {
      kind: 'refused',
      refusal: {
        edit_index: index,
        reason: 'too_many_matches',
        message: `edits[${index}]: together with the edits before it, this would replace more than ${MAX_REPLACED_OCCURRENCES.toLocaleString('en-US')} occurrences, more than one request may; split the change over several requests, or replace the whole body.`,
      },
    };
  }

  const spans = starts.map((start) => ({
    start,
    end: start + edit.find.length,
    replace: edit.replace,
  }));
  return { kind: 'applies', spans };
}

/** Starts of the first `limit` non-overlapping occurrences of `find`, scanning left to right. */
function matchStarts(text: string, find: string, limit: number): number[] {
  const starts: number[] = [];
  let at = text.indexOf(find);
  while (at !== -1 && starts.length < limit) {
    starts.push(at);
    at = text.indexOf(find, at + find.length);
  }
  return starts;
}

/**
 * The first overlapping pair: the lowest later index, then the lowest earlier index it overlaps.
 * Spans that only touch (one ends where the other starts) do not overlap.
 */
function findOverlap(assessments: readonly Assessment[], head: string): Refusal | null {
  for (const [later, laterAssessment] of assessments.entries()) {
    if (laterAssessment.kind !== 'applies') continue;
    for (const [earlier, earlierAssessment] of assessments.slice(0, later).entries()) {
      if (earlierAssessment.kind !== 'applies') continue;
      const at = firstIntersection(earlierAssessment.spans, laterAssessment.spans);
      if (at !== null) {
        return {
          edit_index: later,
          reason: 'edits_overlap',
          other_edit_index: earlier,
          message: `edits[${later}] and edits[${earlier}] change overlapping text (line ${lineAt(head, at)}); combine them into one edit, or make each find a separate part of the page.`,
        };
      }
    }
  }
  return null;
}

/** Where two sorted lists of non-overlapping spans first intersect, or null. */
function firstIntersection(a: readonly Span[], b: readonly Span[]): number | null {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x.end <= y.start) i += 1;
    else if (y.end <= x.start) j += 1;
    else return Math.max(x.start, y.start);
  }
  return null;
}

function apply(head: string, assessments: readonly Assessment[]): EditPlan {
  const reports: EditReport[] = [];
  const spans: Span[] = [];
  for (const [index, assessment] of assessments.entries()) {
    if (assessment.kind === 'applies') {
      reports.push({ index, status: 'applied', matches: assessment.spans.length });
      spans.push(...assessment.spans);
    } else {
      reports.push({ index, status: 'already_applied', matches: 0 });
    }
  }

  if (spans.length === 0) return { outcome: 'no_change', edits: reports };

  spans.sort((x, y) => x.start - y.start);
  const parts: string[] = [];
  let cursor = 0;
  for (const span of spans) {
    parts.push(head.slice(cursor, span.start), span.replace);
    cursor = span.end;
  }
  parts.push(head.slice(cursor));
  const content = parts.join('');

  if (content === head) return { outcome: 'no_change', edits: reports };
  return { outcome: 'applied', content, edits: reports };
}

function refused(refusal: Refusal): EditPlan {
  return { outcome: 'refused', refusal };
}

/** 1-based line number of a character offset. */
function lineAt(text: string, offset: number): number {
  return distinctLines(text, [offset], 1).lines[0];
}

/**
 * 1-based line numbers of ascending offsets, without repeats, stopping at `limit` lines; `more`
 * says whether further lines were left out. One pass over the text.
 */
function distinctLines(
  text: string,
  offsets: readonly number[],
  limit: number,
): { lines: number[]; more: boolean } {
  const lines: number[] = [];
  let line = 1;
  let nextBreak = text.indexOf('\n');
  for (const offset of offsets) {
    while (nextBreak !== -1 && nextBreak < offset) {
      line += 1;
      nextBreak = text.indexOf('\n', nextBreak + 1);
    }
    if (lines[lines.length - 1] === line) continue;
    if (lines.length === limit) return { lines, more: true };
    lines.push(line);
  }
  return { lines, more: false };
}

/**
 * "all on line 3", "lines 3, 8 and 12" or "lines 1, 2, 3, 4, 5 and more"; `truncated` when
 * `starts` are only the first occurrences (then more lines may follow).
 */
function describeLines(text: string, starts: readonly number[], truncated: boolean): string {
  const { lines, more } = distinctLines(text, starts, LINES_LISTED);
  if (more || truncated) return `lines ${lines.join(', ')} and more`;
  if (lines.length === 1) return `all on line ${lines[0]}`;
  return `lines ${lines.slice(0, -1).join(', ')} and ${lines[lines.length - 1]}`;
}
