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

/**
 * A hole is `{{`, anything without braces, `}}`; its expression is trimmed afterwards. (Trimming
 * inside the pattern, `\s*([^{}]*?)\s*`, backtracked cubically over an unclosed hole of blanks:
 * 4,000 spaces after `{{` held the event loop for a minute.)
 */
const HOLE = /\{\{([^{}]*)\}\}/g;
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
    const [text, hole] = match as unknown as [string, string];
    const expression = hole.trim();
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

/**
 * The most characters a rendered template may hold: the largest field a step takes (a page body,
 * a request body). Without it, 10,000 references to one large output would build gigabytes.
 */
export const MAX_RENDERED_CHARS = 1_000_000;

/** A template whose filled-in text would pass `MAX_RENDERED_CHARS`; its step fails with `code`. */
export class RenderedTemplateTooLongError extends Error {
  readonly code = 'template_too_long';

  constructor(readonly maxChars: number) {
    super(`the filled-in template would hold more than ${maxChars} characters`);
  }
}

function fill(expression: string, scope: TemplateScope): string | undefined {
  const input = INPUT_REFERENCE.exec(expression);
  if (input) return textOf(scope.inputs[input[1]]);
  const step = STEP_REFERENCE.exec(expression);
  if (!step) return undefined;
  const path = step[2] ? step[2].slice(1).split('.') : [];
  return textOf(valueAt(scope.steps[step[1]]?.output, path));
}

/**
 * Fills every reference from `scope`; a reference to nothing becomes the empty string. Stops
 * with `RenderedTemplateTooLongError` as soon as the text would pass `maxChars`.
 */
export function renderTemplate(
  template: string,
  scope: TemplateScope,
  maxChars = MAX_RENDERED_CHARS,
): string {
  const parts: string[] = [];
  let length = 0;
  const add = (text: string): void => {
    length += text.length;
    if (length > maxChars) throw new RenderedTemplateTooLongError(maxChars);
    parts.push(text);
  };
  let end = 0;
  for (const match of template.matchAll(HOLE)) {
    const [text, hole] = match as unknown as [string, string];
    add(template.slice(end, match.index));
    add(fill(hole.trim(), scope) ?? text);
    end = match.index + text.length;
  }
  add(template.slice(end));
  return parts.join('');
}
