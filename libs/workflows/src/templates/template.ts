/**
 * Step fields are templates over `{{inputs.<name>}}` and `{{steps.<id>.output}}` (optionally
 * followed by a dotted path into a JSON output: `{{steps.fetch.output.status}}`). Nothing else is
 * evaluated: a template is text with holes, never code.
 */
export type TemplateReference =
  | { kind: 'input'; name: string; text: string }
  | { kind: 'step'; stepId: string; path: string[]; text: string };

export interface TemplateProblem {
  text: string;
  message: string;
}

export interface TemplateScope {
  inputs: Readonly<Record<string, unknown>>;
  steps: Readonly<Record<string, { output: unknown }>>;
}

const HOLE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const NAME = '[a-z][a-z0-9_]{0,63}';
const STEP_ID = '[a-z][a-z0-9_-]{0,63}';
const INPUT_REFERENCE = new RegExp(`^inputs\\.(${NAME})$`);
const STEP_REFERENCE = new RegExp(`^steps\\.(${STEP_ID})\\.output((?:\\.[A-Za-z0-9_-]+)*)$`);

/** Every hole of `template`, parsed; holes that are not a reference come back as problems. */
export function referencesOf(template: string): {
  references: TemplateReference[];
  problems: TemplateProblem[];
} {
  const references: TemplateReference[] = [];
  const problems: TemplateProblem[] = [];
  for (const match of template.matchAll(HOLE)) {
    const [text, expression] = match as unknown as [string, string];
    const input = INPUT_REFERENCE.exec(expression);
    const step = STEP_REFERENCE.exec(expression);
    if (input) references.push({ kind: 'input', name: input[1], text });
    else if (step)
      references.push({
        kind: 'step',
        stepId: step[1],
        path: step[2] ? step[2].slice(1).split('.') : [],
        text,
      });
    else
      problems.push({
        text,
        message: `${text} is not a reference: use {{inputs.<name>}} or {{steps.<step id>.output}}`,
      });
  }
  return { references, problems };
}

function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function valueAt(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Fills every reference from `scope`; a reference to nothing becomes the empty string. */
export function renderTemplate(template: string, scope: TemplateScope): string {
  return template.replace(HOLE, (text, expression: string) => {
    const input = INPUT_REFERENCE.exec(expression);
    if (input) return textOf(scope.inputs[input[1]]);
    const step = STEP_REFERENCE.exec(expression);
    if (step) {
      const path = step[2] ? step[2].slice(1).split('.') : [];
      return textOf(valueAt(scope.steps[step[1]]?.output, path));
    }
    return text;
  });
}
