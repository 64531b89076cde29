import type { ReplaceEdit } from './edit-plan.types';
import { MAX_REPLACED_OCCURRENCES, planEdits } from './plan-edits';

function edit(find: string, replace: string, all?: boolean): ReplaceEdit {
  return all === undefined
    ? { kind: 'replace', find, replace }
    : { kind: 'replace', find, replace, all };
}

describe('planEdits', () => {
  describe('applying', () => {
    it('replaces the one occurrence of the find text and reports one match', () => {
      expect(
        planEdits({ head: 'Hello world', base: null, edits: [edit('world', 'wiki')] }),
      ).toEqual({
        outcome: 'applied',
        content: 'Hello wiki',
        edits: [{ index: 0, status: 'applied', matches: 1 }],
      });
    });

    it('replaces every occurrence when all is true and reports how many', () => {
      expect(planEdits({ head: 'a-a-a', base: null, edits: [edit('a', 'b', true)] })).toEqual({
        outcome: 'applied',
        content: 'b-b-b',
        edits: [{ index: 0, status: 'applied', matches: 3 }],
      });
    });

    it('counts non-overlapping occurrences, continuing after the end of each match', () => {
      expect(planEdits({ head: 'aaa', base: null, edits: [edit('aa', 'X')] })).toEqual({
        outcome: 'applied',
        content: 'Xa',
        edits: [{ index: 0, status: 'applied', matches: 1 }],
      });
      expect(planEdits({ head: 'aaaaa', base: null, edits: [edit('aa', 'X', true)] })).toEqual({
        outcome: 'applied',
        content: 'XXa',
        edits: [{ index: 0, status: 'applied', matches: 2 }],
      });
    });

    it('applies every edit against the original head, never against another edit’s output', () => {
      const plan = planEdits({ head: 'ab', base: null, edits: [edit('a', 'b'), edit('b', 'c')] });
      expect(plan).toEqual({
        outcome: 'applied',
        content: 'bc',
        edits: [
          { index: 0, status: 'applied', matches: 1 },
          { index: 1, status: 'applied', matches: 1 },
        ],
      });
    });

    it('applies edits whose matches only touch end to start', () => {
      const plan = planEdits({
        head: 'abcd',
        base: null,
        edits: [edit('cd', 'Y'), edit('ab', 'X')],
      });
      expect(plan).toMatchObject({ outcome: 'applied', content: 'XY' });
    });

    it('applies against the head even when the head is newer than the expected version', () => {
      const plan = planEdits({
        head: 'one two three',
        base: 'one three',
        edits: [edit('two', '2')],
      });
      expect(plan).toMatchObject({ outcome: 'applied', content: 'one 2 three' });
    });
  });

  describe('already applied and no change', () => {
    it('reports an edit whose find is absent and whose replace is present as already applied', () => {
      const plan = planEdits({
        head: 'Hello wiki. Bye.',
        base: null,
        edits: [edit('world', 'wiki'), edit('Bye', 'Ciao')],
      });
      expect(plan).toEqual({
        outcome: 'applied',
        content: 'Hello wiki. Ciao.',
        edits: [
          { index: 0, status: 'already_applied', matches: 0 },
          { index: 1, status: 'applied', matches: 1 },
        ],
      });
    });

    it('answers no_change when every edit is already applied', () => {
      expect(planEdits({ head: 'Hello wiki', base: null, edits: [edit('world', 'wiki')] })).toEqual(
        {
          outcome: 'no_change',
          edits: [{ index: 0, status: 'already_applied', matches: 0 }],
        },
      );
    });

    it('prefers already applied over overtaken when the replace text is in the head', () => {
      const plan = planEdits({
        head: 'Hello wiki',
        base: 'Hello world',
        edits: [edit('world', 'wiki')],
      });
      expect(plan.outcome).toBe('no_change');
    });

    it('never counts an empty replace (a deletion) as already applied', () => {
      const plan = planEdits({ head: 'kept', base: null, edits: [edit('gone', '')] });
      expect(plan).toMatchObject({ outcome: 'refused', refusal: { reason: 'anchor_absent' } });
    });

    it('answers no_change when the edits leave the body exactly as it was', () => {
      expect(planEdits({ head: 'same', base: null, edits: [edit('am', 'am')] })).toEqual({
        outcome: 'no_change',
        edits: [{ index: 0, status: 'applied', matches: 1 }],
      });
    });

    it('answers no_change for an empty list of edits', () => {
      expect(planEdits({ head: 'body', base: null, edits: [] })).toEqual({
        outcome: 'no_change',
        edits: [],
      });
    });
  });

  describe('overtaken', () => {
    it('reports overtaken when the find was in the base but an intervening save removed it', () => {
      const plan = planEdits({
        head: 'Intro. Outro.',
        base: 'Intro. Middle. Outro.',
        edits: [edit('Intro', 'Start'), edit('Middle', 'Centre')],
      });
      expect(plan).toEqual({
        outcome: 'overtaken',
        edit_index: 1,
        message: expect.stringContaining('edits[1]'),
      });
      if (plan.outcome === 'overtaken') expect(plan.message).toMatch(/read the page again/);
    });

    it('ranks overtaken above applying or no_change for the other edits', () => {
      const plan = planEdits({
        head: 'Hello wiki',
        base: 'Hello world, bye',
        edits: [edit('Hello', 'Hi'), edit('bye', 'ciao')],
      });
      expect(plan).toMatchObject({ outcome: 'overtaken', edit_index: 1 });
    });
  });

  describe('refusals', () => {
    it('refuses an empty find before looking at any other problem', () => {
      const plan = planEdits({
        head: 'abc',
        base: null,
        edits: [edit('missing', 'x'), edit('', 'x'), edit('', 'y')],
      });
      expect(plan).toEqual({
        outcome: 'refused',
        refusal: {
          edit_index: 1,
          reason: 'empty_find',
          message: expect.stringContaining('edits[1]'),
        },
      });
    });

    it('refuses an absent anchor when the find is in neither the head nor the base', () => {
      const plan = planEdits({ head: 'abc', base: 'abd', edits: [edit('xyz', 'q')] });
      expect(plan).toEqual({
        outcome: 'refused',
        refusal: {
          edit_index: 0,
          reason: 'anchor_absent',
          message: expect.stringMatching(/^edits\[0\]: .*does not appear.*copy the text exactly/),
        },
      });
    });

    it('refuses an ambiguous anchor, saying how many matches and how to make it unique', () => {
      const plan = planEdits({
        head: 'x\nTODO\nTODO\ny TODO',
        base: null,
        edits: [edit('x', 'X'), edit('TODO', 'DONE')],
      });
      expect(plan).toEqual({
        outcome: 'refused',
        refusal: {
          edit_index: 1,
          reason: 'anchor_ambiguous',
          message:
            'edits[1]: the text to find appears 3 times (lines 2, 3 and 4); include more surrounding text so it matches once, or set all: true to replace every occurrence.',
        },
      });
    });

    it('refuses overlapping edits, naming the later edit and the earlier one it overlaps', () => {
      const plan = planEdits({
        head: 'alpha beta gamma',
        base: null,
        edits: [edit('gamma', 'G'), edit('alpha beta', 'AB'), edit('beta gamma', 'BG')],
      });
      expect(plan).toEqual({
        outcome: 'refused',
        refusal: {
          edit_index: 2,
          reason: 'edits_overlap',
          other_edit_index: 0,
          message: expect.stringMatching(/^edits\[2\] and edits\[0\] change overlapping text/),
        },
      });
    });

    it('refuses two edits that find the same text as overlapping', () => {
      const plan = planEdits({ head: 'abc', base: null, edits: [edit('b', 'x'), edit('b', 'y')] });
      expect(plan).toMatchObject({
        outcome: 'refused',
        refusal: { reason: 'edits_overlap', edit_index: 1, other_edit_index: 0 },
      });
    });

    it('reports the first edit by index when several edits have the same kind of problem', () => {
      const plan = planEdits({
        head: 'aa bb',
        base: null,
        edits: [edit('zz', 'q'), edit('a', 'q'), edit('yy', 'q')],
      });
      expect(plan).toMatchObject({
        outcome: 'refused',
        refusal: { reason: 'anchor_absent', edit_index: 0 },
      });
    });

    it('ranks an absent or ambiguous anchor above an overlap between earlier edits', () => {
      const plan = planEdits({
        head: 'abc',
        base: null,
        edits: [edit('ab', 'x'), edit('bc', 'y'), edit('zz', 'q')],
      });
      expect(plan).toMatchObject({
        outcome: 'refused',
        refusal: { reason: 'anchor_absent', edit_index: 2 },
      });
    });

    it('ranks any refusal above an overtaken edit', () => {
      const plan = planEdits({
        head: 'a a',
        base: 'a a gone',
        edits: [edit('gone', 'x'), edit('a', 'b')],
      });
      expect(plan).toMatchObject({
        outcome: 'refused',
        refusal: { reason: 'anchor_ambiguous', edit_index: 1 },
      });
    });
  });

  describe('re-planning the applied content', () => {
    it('answers no_change when the same edits are sent again after they were applied', () => {
      const edits = [edit('world', 'wiki'), edit('Bye', 'Ciao')];
      const first = planEdits({ head: 'Hello world. Bye.', base: null, edits });
      if (first.outcome !== 'applied') throw new Error('expected the first plan to apply');
      expect(planEdits({ head: first.content, base: null, edits }).outcome).toBe('no_change');
    });

    it('applies a deletion again when removing its text joins a new occurrence', () => {
      const edits = [edit('ab', '')];
      const first = planEdits({ head: 'aabb', base: null, edits });
      expect(first).toMatchObject({ outcome: 'applied', content: 'ab' });
      expect(planEdits({ head: 'ab', base: null, edits })).toMatchObject({
        outcome: 'applied',
        content: '',
      });
    });
  });

  describe('bounded work over a 1 MB body', () => {
    const MB = 1_000_000;

    it('refuses edits that would replace more than the cap together, naming the edit that crosses it', () => {
      const head = 'ab'.repeat(MB / 2);
      const started = Date.now();
      // 100 edits of every "a": 50 million spans before the cap.
      const plan = planEdits({
        head,
        base: null,
        edits: Array.from({ length: 100 }, () => edit('a', 'x', true)),
      });
      expect(plan).toEqual({
        outcome: 'refused',
        refusal: expect.objectContaining({ edit_index: 0, reason: 'too_many_matches' }),
      });
      const second = planEdits({
        head: `${'a'.repeat(MAX_REPLACED_OCCURRENCES - 1)}-b`,
        base: null,
        edits: [edit('a', 'x', true), edit('b', 'y'), edit('-', '+')],
      });
      expect(second).toEqual({
        outcome: 'refused',
        refusal: expect.objectContaining({ edit_index: 2, reason: 'too_many_matches' }),
      });
      // Generous: the 100 edits took minutes and gigabytes before.
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it('still replaces exactly the cap in one request', () => {
      const head = 'a-'.repeat(MAX_REPLACED_OCCURRENCES);
      const plan = planEdits({ head, base: null, edits: [edit('a', 'b', true)] });
      expect(plan).toEqual({
        outcome: 'applied',
        content: 'b-'.repeat(MAX_REPLACED_OCCURRENCES),
        edits: [{ index: 0, status: 'applied', matches: MAX_REPLACED_OCCURRENCES }],
      });
    });

    it('counts an ambiguous anchor up to 1,000 and says there are more', () => {
      const plan = planEdits({ head: 'a'.repeat(MB), base: null, edits: [edit('a', 'b')] });
      expect(plan).toEqual({
        outcome: 'refused',
        refusal: expect.objectContaining({
          reason: 'anchor_ambiguous',
          message: expect.stringContaining(
            'appears more than 1,000 times (lines 1 and more)',
          ) as string,
        }),
      });
    });

    it('checks 100 edits of 100 spans each for overlap and applies them together', () => {
      const letters = Array.from({ length: 100 }, (_, index) =>
        String.fromCharCode(0x4e00 + index),
      );
      const head = letters.join('').repeat(100);
      const started = Date.now();
      const plan = planEdits({
        head,
        base: null,
        edits: letters.map((letter) => edit(letter, 'x', true)),
      });
      expect(plan).toEqual(
        expect.objectContaining({ outcome: 'applied', content: 'x'.repeat(10_000) }),
      );
      expect(Date.now() - started).toBeLessThan(2_000);
    });
  });
});
