import { validateDefinition, validateInputs } from './validate-definition';
import type { WorkflowInput } from './workflow-definition';

const INPUTS: WorkflowInput[] = [{ name: 'topic', type: 'text', required: true }];

const problemsOf = (definition: unknown, inputs = INPUTS) => {
  const checked = validateDefinition(definition, inputs);
  return checked.ok ? [] : checked.problems;
};

describe('validateDefinition', () => {
  it('accepts a three-step plan and fills the optional parts', () => {
    const checked = validateDefinition(
      {
        steps: [
          { id: 'draft', block: 'text.compose', template: 'Notes on {{inputs.topic}}' },
          { id: 'check', block: 'assert', that: 'steps.draft.output.length > 0', message: 'empty' },
          {
            id: 'save',
            block: 'wiki.write',
            path: '/Company/Reports',
            title: 'Weekly {{inputs.topic}}',
            markdown: '{{steps.draft.output}}',
          },
        ],
        deliverables: [{ name: 'page', required: true, from_step: 'save' }],
      },
      INPUTS,
    );
    expect(checked).toMatchObject({
      ok: true,
      value: { budget: {}, deliverables: [{ name: 'page' }] },
    });
  });

  it("takes a boolean or an expression as assert's `that`, and names what else it may be", () => {
    const assertStep = (that: unknown) => ({
      steps: [{ id: 'check', block: 'assert', that, message: 'not yet' }],
    });
    expect(problemsOf(assertStep(true))).toEqual([]);
    expect(problemsOf(assertStep(false))).toEqual([]);
    expect(problemsOf(assertStep('inputs.topic.length > 0'))).toEqual([]);
    for (const that of [1, null, ['true'], { value: true }]) {
      expect(problemsOf(assertStep(that))).toEqual([
        {
          field: 'definition.steps[0].that',
          message: 'step "check" (assert): definition.steps[0].that must be a string or a boolean',
        },
      ]);
    }
    // A string is an expression, so an empty one is refused for its length, not its type.
    expect(problemsOf(assertStep(''))).toEqual([
      {
        field: 'definition.steps[0].that',
        message:
          'step "check" (assert): definition.steps[0].that must NOT have fewer than 1 characters',
      },
    ]);
  });

  it('names the step and field of an unknown block, a bad field and an unknown field', () => {
    expect(problemsOf({ steps: [{ id: 'a', block: 'shell.exec' }] })).toEqual([
      {
        field: 'definition.steps[0].block',
        message: expect.stringContaining('step "a": unknown block "shell.exec"') as string,
      },
    ]);
    expect(
      problemsOf({ steps: [{ id: 'wait', block: 'wait', seconds: 'soon', extra: 1 }] }),
    ).toEqual([
      {
        field: 'definition.steps[0].extra',
        message: 'step "wait" (wait): definition.steps[0].extra is not a known field',
      },
      {
        field: 'definition.steps[0].seconds',
        message: 'step "wait" (wait): definition.steps[0].seconds must be number',
      },
    ]);
    expect(
      problemsOf({
        steps: [{ id: 'w', block: 'wiki.write', path: '/Elsewhere', title: 't', markdown: 'm' }],
      })[0],
    ).toMatchObject({
      field: 'definition.steps[0].path',
    });
  });

  it('refuses a reference to the same step or a later one (a cycle), to no step, and to an undeclared input', () => {
    const problems = problemsOf({
      steps: [
        { id: 'a', block: 'text.compose', template: '{{steps.b.output}}' },
        {
          id: 'b',
          block: 'text.compose',
          template: '{{steps.b.output}} {{steps.zzz.output}} {{inputs.other}}',
        },
      ],
    });
    expect(problems.map((problem) => problem.field)).toEqual([
      'definition.steps[0].template',
      'definition.steps[1].template',
      'definition.steps[1].template',
      'definition.steps[1].template',
    ]);
    expect(problems[0].message).toContain(
      'does not run before step "a" (a cycle or forward reference)',
    );
    expect(problems[1].message).toContain('does not run before step "b"');
    expect(problems[2].message).toContain('there is no step "zzz"');
    expect(problems[3].message).toContain('declare "other" in inputs');
  });

  it('refuses duplicate step ids, deliverables of no step, unknown top-level fields and an empty plan', () => {
    expect(
      problemsOf({
        steps: [
          { id: 'a', block: 'wait', seconds: 1 },
          { id: 'a', block: 'wait', seconds: 1 },
        ],
        deliverables: [{ name: 'x', required: true, from_step: 'nope' }],
      }).map((problem) => problem.field),
    ).toEqual(['definition.steps[1].id', 'definition.deliverables[0].from_step']);
    expect(
      problemsOf({ steps: [], colour: 'red' })
        .map((problem) => problem.field)
        .sort(),
    ).toEqual(['definition.colour', 'definition.steps']);
    expect(problemsOf('not an object')[0]).toMatchObject({ field: 'definition' });
  });
});

describe('validateInputs', () => {
  it('accepts declared inputs and refuses bad names, types and duplicates', () => {
    expect(validateInputs(INPUTS)).toEqual({ ok: true, value: INPUTS });
    const checked = validateInputs([
      { name: 'Topic', type: 'text', required: true },
      { name: 'n', type: 'date', required: false },
      { name: 'n', type: 'number', required: false },
    ]);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? [] : checked.problems.map((problem) => problem.field)).toEqual([
      'inputs[0].name',
      'inputs[1].type',
    ]);
    const duplicate = validateInputs([
      { name: 'n', type: 'text', required: false },
      { name: 'n', type: 'number', required: false },
    ]);
    expect(duplicate.ok ? [] : duplicate.problems).toEqual([
      { field: 'inputs[1].name', message: 'inputs[1].name: the input "n" is declared twice' },
    ]);
  });
});
