import fc from 'fast-check';
import type { EditPlan, PlanInput, RefusalReason, ReplaceEdit } from './edit-plan.types';
import { planEdits } from './plan-edits';

/*
 * The planner against a deliberately naive reference model, over short strings of a tiny alphabet
 * so that matches, overlaps and collisions are common.
 */

const RUNS = { numRuns: 500 };

// ---------------------------------------------------------------- reference model

interface ModelSpan {
  start: number;
  end: number;
  replace: string;
}

type ModelPlan =
  | {
      outcome: 'applied';
      content: string;
      edits: { index: number; status: string; matches: number }[];
      spans: ModelSpan[];
    }
  | { outcome: 'no_change'; edits: { index: number; status: string; matches: number }[] }
  | {
      outcome: 'refused';
      refusal: { edit_index: number; reason: RefusalReason; other_edit_index?: number };
    }
  | { outcome: 'overtaken'; edit_index: number };

/** Non-overlapping occurrences, position by position. */
function occurrences(text: string, find: string): number[] {
  const found: number[] = [];
  let i = 0;
  while (i + find.length <= text.length) {
    if (text.startsWith(find, i)) {
      found.push(i);
      i += find.length;
    } else {
      i += 1;
    }
  }
  return found;
}

/** Every position where `find` starts, overlapping ones included. */
function allPositions(text: string, find: string): number[] {
  const found: number[] = [];
  for (let i = 0; i + find.length <= text.length; i += 1) {
    if (text.startsWith(find, i)) found.push(i);
  }
  return found;
}

function model({ head, base, edits }: PlanInput): ModelPlan {
  for (let i = 0; i < edits.length; i += 1) {
    if (edits[i].find === '')
      return { outcome: 'refused', refusal: { edit_index: i, reason: 'empty_find' } };
  }

  const spansByEdit: (ModelSpan[] | 'already_applied' | 'overtaken')[] = [];
  for (let i = 0; i < edits.length; i += 1) {
    const { find, replace, all } = edits[i];
    const found = occurrences(head, find);
    if (found.length === 0) {
      if (replace !== '' && allPositions(head, replace).length > 0)
        spansByEdit.push('already_applied');
      else if (base !== null && allPositions(base, find).length > 0) spansByEdit.push('overtaken');
      else return { outcome: 'refused', refusal: { edit_index: i, reason: 'anchor_absent' } };
    } else if (found.length > 1 && all !== true) {
      return { outcome: 'refused', refusal: { edit_index: i, reason: 'anchor_ambiguous' } };
    } else {
      spansByEdit.push(found.map((start) => ({ start, end: start + find.length, replace })));
    }
  }

  for (let later = 0; later < edits.length; later += 1) {
    for (let earlier = 0; earlier < later; earlier += 1) {
      const a = spansByEdit[earlier];
      const b = spansByEdit[later];
      if (typeof a === 'string' || typeof b === 'string') continue;
      const overlaps = a.some((x) => b.some((y) => x.start < y.end && y.start < x.end));
      if (overlaps) {
        return {
          outcome: 'refused',
          refusal: { edit_index: later, reason: 'edits_overlap', other_edit_index: earlier },
        };
      }
    }
  }

  const overtaken = spansByEdit.indexOf('overtaken');
  if (overtaken !== -1) return { outcome: 'overtaken', edit_index: overtaken };

  const reports = spansByEdit.map((spans, index) =>
    typeof spans === 'string'
      ? { index, status: 'already_applied', matches: 0 }
      : { index, status: 'applied', matches: spans.length },
  );
  const spans = spansByEdit
    .flatMap((s) => (typeof s === 'string' ? [] : s))
    .sort((x, y) => x.start - y.start);

  let content = '';
  let k = 0;
  while (k < head.length) {
    const span = spans.find((s) => s.start === k);
    if (span) {
      content += span.replace;
      k = span.end;
    } else {
      content += head[k];
      k += 1;
    }
  }
  const spanAtEnd = spans.find((s) => s.start === head.length);
  if (spanAtEnd) content += spanAtEnd.replace;

  if (spans.length === 0 || content === head) return { outcome: 'no_change', edits: reports };
  return { outcome: 'applied', content, edits: reports, spans };
}

/** The parts of a plan the model predicts (messages are checked separately). */
function comparable(plan: EditPlan | ModelPlan): unknown {
  switch (plan.outcome) {
    case 'applied':
      return { outcome: plan.outcome, content: plan.content, edits: plan.edits };
    case 'no_change':
      return { outcome: plan.outcome, edits: plan.edits };
    case 'refused': {
      const { edit_index, reason, other_edit_index } = plan.refusal;
      return { outcome: plan.outcome, edit_index, reason, other_edit_index };
    }
    case 'overtaken':
      return { outcome: plan.outcome, edit_index: plan.edit_index };
  }
}

// ---------------------------------------------------------------- generators

const letter = fc.constantFrom('a', 'b', '\n');
const text = (minLength: number, maxLength: number) =>
  fc.string({ unit: letter, minLength, maxLength });

/** A piece of the head (so that it matches), or any short text (so that it may not). */
function findFor(head: string): fc.Arbitrary<string> {
  const piece =
    head === ''
      ? text(1, 3)
      : fc
          .tuple(fc.nat({ max: head.length - 1 }), fc.integer({ min: 1, max: 3 }))
          .map(([start, length]) => head.slice(start, start + length));
  return fc.oneof(
    { weight: 6, arbitrary: piece },
    { weight: 3, arbitrary: text(1, 3) },
    { weight: 1, arbitrary: fc.constant('') },
  );
}

function editFor(head: string): fc.Arbitrary<ReplaceEdit> {
  return fc.record(
    {
      kind: fc.constant('replace' as const),
      find: findFor(head),
      replace: text(0, 3),
      all: fc.boolean(),
    },
    { requiredKeys: ['kind', 'find', 'replace'] },
  );
}

const inputArb: fc.Arbitrary<PlanInput> = text(0, 10).chain((head) =>
  fc.record({
    head: fc.constant(head),
    base: fc.option(text(0, 10), { nil: null }),
    edits: fc.array(editFor(head), { maxLength: 4 }),
  }),
);

// ---------------------------------------------------------------- properties

describe('planEdits (properties)', () => {
  it('the generator reaches every outcome and every refusal reason', () => {
    const seen = new Set<string>();
    for (const input of fc.sample(inputArb, { numRuns: 2000, seed: 7 })) {
      const plan = model(input);
      seen.add(plan.outcome === 'refused' ? plan.refusal.reason : plan.outcome);
    }
    expect([...seen].sort()).toEqual(
      [
        'anchor_absent',
        'anchor_ambiguous',
        'applied',
        'edits_overlap',
        'empty_find',
        'no_change',
        'overtaken',
      ].sort(),
    );
  });

  it('agrees with the reference model on outcome, content, reports and refusal', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(comparable(planEdits(input))).toEqual(comparable(model(input)));
      }),
      RUNS,
    );
  });

  it('(a) applied content always differs from the head, and reports describe every edit', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const plan = planEdits(input);
        if (plan.outcome === 'applied') expect(plan.content).not.toBe(input.head);
        if (plan.outcome === 'applied' || plan.outcome === 'no_change') {
          expect(plan.edits.map((report) => report.index)).toEqual(input.edits.map((_, i) => i));
          for (const report of plan.edits) {
            const edit = input.edits[report.index];
            if (report.status === 'already_applied') expect(report.matches).toBe(0);
            else if (edit.all === true) expect(report.matches).toBeGreaterThanOrEqual(1);
            else expect(report.matches).toBe(1);
          }
        }
      }),
      RUNS,
    );
  });

  it('names the edit at the start of every refusal and overtaken message', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const plan = planEdits(input);
        if (plan.outcome === 'refused') {
          expect(plan.refusal.message.startsWith(`edits[${plan.refusal.edit_index}]`)).toBe(true);
          expect(plan.refusal.other_edit_index !== undefined).toBe(
            plan.refusal.reason === 'edits_overlap',
          );
        }
        if (plan.outcome === 'overtaken') {
          expect(plan.message.startsWith(`edits[${plan.edit_index}]`)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('(b) a single edit with one match splices replace in at head.indexOf(find)', () => {
    const single = text(0, 10).chain((head) =>
      fc.record({ head: fc.constant(head), edit: editFor(head) }),
    );
    fc.assert(
      fc.property(single, ({ head, edit }) => {
        fc.pre(edit.find !== '' && edit.all !== true && occurrences(head, edit.find).length === 1);
        const i = head.indexOf(edit.find);
        const expected = head.slice(0, i) + edit.replace + head.slice(i + edit.find.length);
        const plan = planEdits({ head, base: null, edits: [edit] });
        expect(plan).toEqual(
          expected === head
            ? { outcome: 'no_change', edits: [{ index: 0, status: 'applied', matches: 1 }] }
            : {
                outcome: 'applied',
                content: expected,
                edits: [{ index: 0, status: 'applied', matches: 1 }],
              },
        );
      }),
      RUNS,
    );
  });

  /*
   * (c) Re-planning the same edits against the applied content C.
   *
   * "Sending the edits again is a no-op" does NOT hold in general: a find can reappear in C
   * (1) inside a replace text (`replace` contains `find`, or another edit's replace does), or
   * (2) straddling an edge of a replaced region, because the new text joined with its
   *     neighbours (e.g. deleting 'ab' from 'aabb' leaves 'ab').
   * What does hold:
   * (c1) No find occurs wholly inside text the plan left untouched: every occurrence of any
   *      edit's find in C overlaps a replacement or spans a seam between untouched pieces.
   * (c2) If every edit was applied (none already_applied) with a non-empty replace, re-planning
   *      never answers overtaken, anchor_absent or empty_find, and answers no_change with every
   *      edit already_applied exactly when no find occurs anywhere in C.
   * (c3) Hence for one edit without `all`, re-planning answers no_change unless replace
   *      contains find or an occurrence of find crosses an edge of the inserted text.
   */
  describe('(c) re-planning the applied content', () => {
    it('(c1) finds occur in the applied content only across or inside replaced text', () => {
      fc.assert(
        fc.property(inputArb, (input) => {
          const first = model(input);
          fc.pre(first.outcome === 'applied');
          if (first.outcome !== 'applied') return;
          const content = first.content;

          const untouched: [number, number][] = [];
          let inHead = 0;
          let inContent = 0;
          for (const span of first.spans) {
            untouched.push([inContent, inContent + span.start - inHead]);
            inContent += span.start - inHead + span.replace.length;
            inHead = span.end;
          }
          untouched.push([inContent, inContent + input.head.length - inHead]);
          expect(inContent + input.head.length - inHead).toBe(content.length);

          for (const { find } of input.edits) {
            for (const at of allPositions(content, find)) {
              const inside = untouched.some(([from, to]) => from <= at && at + find.length <= to);
              expect(inside).toBe(false);
            }
          }
        }),
        RUNS,
      );
    });

    it('(c2) when every edit applied with a non-empty replace, the re-plan is no_change exactly when no find remains', () => {
      fc.assert(
        fc.property(inputArb, (input) => {
          const first = planEdits(input);
          fc.pre(
            first.outcome === 'applied' &&
              first.edits.every((report) => report.status === 'applied') &&
              input.edits.every((edit) => edit.replace !== ''),
          );
          if (first.outcome !== 'applied') return;

          const again = planEdits({ head: first.content, base: null, edits: input.edits });
          expect(again.outcome).not.toBe('overtaken');
          if (again.outcome === 'refused') {
            expect(['anchor_ambiguous', 'edits_overlap']).toContain(again.refusal.reason);
          }
          const allAlreadyApplied =
            again.outcome === 'no_change' &&
            again.edits.every((report) => report.status === 'already_applied');
          const noFindRemains = input.edits.every((edit) => !first.content.includes(edit.find));
          expect(allAlreadyApplied).toBe(noFindRemains);
        }),
        RUNS,
      );
    });

    it('(c3) one edit re-planned is no_change unless replace contains find or find crosses an edge of it', () => {
      const single = text(0, 10).chain((head) =>
        fc.record({ head: fc.constant(head), edit: editFor(head) }),
      );
      fc.assert(
        fc.property(single, ({ head, edit }) => {
          const first = planEdits({ head, base: null, edits: [edit] });
          fc.pre(first.outcome === 'applied' && edit.all !== true && edit.replace !== '');
          if (first.outcome !== 'applied') return;

          const from = head.indexOf(edit.find);
          const edges = [from, from + edit.replace.length];
          const crossesEdge = allPositions(first.content, edit.find).some((at) =>
            edges.some((edge) => at < edge && edge < at + edit.find.length),
          );
          const again = planEdits({ head: first.content, base: null, edits: [edit] });
          if (!edit.replace.includes(edit.find) && !crossesEdge) {
            expect(again).toEqual({
              outcome: 'no_change',
              edits: [{ index: 0, status: 'already_applied', matches: 0 }],
            });
          }
        }),
        RUNS,
      );
    });
  });

  it('(d) never throws, never mutates its input and answers the same twice, for any input', () => {
    const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), text(0, 12));
    const anyEdit = fc.record(
      {
        kind: fc.constant('replace' as const),
        find: anyText,
        replace: anyText,
        all: fc.boolean(),
      },
      { requiredKeys: ['kind', 'find', 'replace'] },
    );
    const anyInput = fc.record({
      head: anyText,
      base: fc.option(anyText, { nil: null }),
      edits: fc.array(anyEdit, { maxLength: 8 }),
    });
    fc.assert(
      fc.property(anyInput, (input) => {
        const snapshot = structuredClone(input);
        const frozen = Object.freeze({
          ...input,
          edits: Object.freeze(input.edits.map((edit) => Object.freeze({ ...edit }))),
        });
        const plan = planEdits(frozen);
        expect(['applied', 'no_change', 'refused', 'overtaken']).toContain(plan.outcome);
        expect(planEdits(frozen)).toEqual(plan);
        expect(input).toEqual(snapshot);
      }),
      RUNS,
    );
  });
});
