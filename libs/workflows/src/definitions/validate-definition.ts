import type { FieldProblem } from '@cw/platform';
import { blockSpecOf } from '../blocks/block-catalog';
import { referencesOf } from '../templates/template';
import { DEFINITION_SCHEMA, INPUTS_SCHEMA } from './definition-schema';
import { schemaProblems } from './schema-problems';
import type { WorkflowDefinition, WorkflowInput, WorkflowStep } from './workflow-definition';

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: FieldProblem[] };

export function validateInputs(inputs: unknown, base = 'inputs'): Checked<WorkflowInput[]> {
  const problems = schemaProblems(INPUTS_SCHEMA, inputs, base);
  if (problems.length > 0) return { ok: false, problems };
  const declared = inputs as WorkflowInput[];
  const seen = new Set<string>();
  declared.forEach((input, index) => {
    if (seen.has(input.name))
      problems.push({
        field: `${base}[${index}].name`,
        message: `${base}[${index}].name: the input "${input.name}" is declared twice`,
      });
    seen.add(input.name);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: declared };
}

function stepFieldsOf(step: WorkflowStep): Record<string, unknown> {
  const { id: _id, block: _block, ...fields } = step;
  return fields;
}

function referenceProblems(
  step: WorkflowStep,
  field: string,
  value: unknown,
  context: { inputs: ReadonlySet<string>; earlier: ReadonlySet<string>; all: ReadonlySet<string> },
): FieldProblem[] {
  if (typeof value !== 'string') return [];
  const { references, problems } = referencesOf(value);
  const found: FieldProblem[] = problems.map((problem) => ({ field, message: problem.message }));
  for (const reference of references) {
    if (reference.kind === 'input' && !context.inputs.has(reference.name)) {
      found.push({
        field,
        message: `${reference.text} names no declared input; declare "${reference.name}" in inputs`,
      });
    } else if (reference.kind === 'step' && !context.earlier.has(reference.stepId)) {
      found.push({
        field,
        message: context.all.has(reference.stepId)
          ? `${reference.text} refers to step "${reference.stepId}", which does not run before step "${step.id}" (a cycle or forward reference)`
          : `${reference.text} refers to no step: there is no step "${reference.stepId}"`,
      });
    }
  }
  return found;
}

function stepProblems(steps: WorkflowStep[], inputs: ReadonlySet<string>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const all = new Set(steps.map((step) => step.id));
  const earlier = new Set<string>();
  steps.forEach((step, index) => {
    const base = `definition.steps[${index}]`;
    const prefix = `step "${step.id}"`;
    if (earlier.has(step.id)) {
      problems.push({ field: `${base}.id`, message: `${prefix}: the step id is used twice` });
    }
    const spec = blockSpecOf(step.block);
    if (!spec) {
      problems.push({
        field: `${base}.block`,
        message: `${prefix}: unknown block "${step.block}"; GET /api/workflow-capabilities lists the blocks`,
      });
      earlier.add(step.id);
      return;
    }
    for (const problem of schemaProblems(spec.input_schema, stepFieldsOf(step), base)) {
      problems.push({
        field: problem.field,
        message: `${prefix} (${spec.block}): ${problem.message}`,
      });
    }
    for (const field of spec.templateFields) {
      for (const problem of referenceProblems(step, `${base}.${field}`, step[field], {
        inputs,
        earlier,
        all,
      })) {
        problems.push({
          field: problem.field,
          message: `${prefix} (${spec.block}): ${problem.message}`,
        });
      }
    }
    earlier.add(step.id);
  });
  return problems;
}

/**
 * Checks a definition against the block catalog and the declared inputs: its shape, each step's
 * fields against its block's schema, unique step ids, and that every template reference names a
 * declared input or a step that runs earlier (so step references can never form a cycle).
 */
export function validateDefinition(
  definition: unknown,
  inputs: readonly WorkflowInput[],
): Checked<WorkflowDefinition> {
  const shape = schemaProblems(DEFINITION_SCHEMA, definition, 'definition');
  if (shape.length > 0) return { ok: false, problems: shape };
  const raw = definition as Partial<WorkflowDefinition> & { steps: WorkflowStep[] };
  const value: WorkflowDefinition = {
    steps: raw.steps,
    deliverables: raw.deliverables ?? [],
    budget: raw.budget ?? {},
  };
  const problems = stepProblems(value.steps, new Set(inputs.map((input) => input.name)));
  const stepIds = new Set(value.steps.map((step) => step.id));
  const names = new Set<string>();
  value.deliverables.forEach((deliverable, index) => {
    const field = `definition.deliverables[${index}]`;
    if (!stepIds.has(deliverable.from_step))
      problems.push({
        field: `${field}.from_step`,
        message: `deliverable "${deliverable.name}": there is no step "${deliverable.from_step}"`,
      });
    if (names.has(deliverable.name))
      problems.push({
        field: `${field}.name`,
        message: `deliverable "${deliverable.name}" is declared twice`,
      });
    names.add(deliverable.name);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value };
}
