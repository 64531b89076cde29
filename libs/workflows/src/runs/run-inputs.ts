import type { FieldProblem } from '@cw/platform';
import { LIMITS, type WorkflowInput } from '../definitions/workflow-definition';
import type { Checked } from '../definitions/validate-definition';

export type RunInputs = Record<string, string | number | boolean>;

function typeProblem(input: WorkflowInput, value: unknown, field: string): string | null {
  switch (input.type) {
    case 'text':
      if (typeof value !== 'string') return `${field} must be text`;
      return value.length > LIMITS.textInputChars
        ? `${field} has more than ${LIMITS.textInputChars} characters`
        : null;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
        ? null
        : `${field} must be a number`;
    case 'boolean':
      return typeof value === 'boolean' ? null : `${field} must be true or false`;
  }
}

/**
 * Matches a run's inputs to the workflow's declared ones: names must be declared, values of the
 * declared type (text up to 20,000 characters), required inputs present. `base` names the
 * object in field paths (`inputs` for a REST start, `body` for the webhook trigger).
 */
export function checkRunInputs(
  declared: readonly WorkflowInput[],
  given: unknown,
  base = 'inputs',
): Checked<RunInputs> {
  if (given === null || typeof given !== 'object' || Array.isArray(given)) {
    return { ok: false, problems: [{ field: base, message: `${base} must be a JSON object` }] };
  }
  const problems: FieldProblem[] = [];
  const byName = new Map(declared.map((input) => [input.name, input]));
  for (const [name, value] of Object.entries(given)) {
    const field = `${base}.${name}`;
    const input = byName.get(name);
    if (!input) {
      problems.push({ field, message: `${field} is not an input of this workflow` });
      continue;
    }
    const problem = typeProblem(input, value, field);
    if (problem) problems.push({ field, message: problem });
  }
  for (const input of declared) {
    if (input.required && !(input.name in given)) {
      const field = `${base}.${input.name}`;
      problems.push({ field, message: `${field} is required` });
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: given as RunInputs };
}
