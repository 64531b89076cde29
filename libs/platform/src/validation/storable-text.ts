import { BODY_FIELD, type FieldProblem } from './validation-errors';

/** Says what is wrong with a string, or nothing when it passes. */
export type TextRule = (text: string) => string | undefined;

/** At most this many problems are listed: one hostile body must not make a huge answer. */
const MAX_PROBLEMS = 10;

/**
 * PostgreSQL refuses U+0000 in `text` and `jsonb`, so a NUL can never be stored: the request is
 * refused instead of failing at the database.
 */
export const noNulCharacter: TextRule = (text) =>
  text.includes('\u0000') ? 'contains a NUL character (U+0000), which cannot be stored' : undefined;

/**
 * A lone UTF-16 surrogate has no UTF-8 form: validators that encode the string throw on it, and
 * it could only be stored mangled. Inside a `u` regex a well-formed pair is one code point, so
 * only lone halves match.
 */
const LONE_SURROGATE = /\p{Surrogate}/u;
export const wellFormedUnicode: TextRule = (text) =>
  LONE_SURROGATE.test(text) ? 'is not well-formed Unicode (it holds a lone surrogate)' : undefined;

function join(parent: string, key: string): string {
  return parent ? `${parent}.${key}` : key;
}

/**
 * Every string in a request value that breaks `rule`, object keys included, as field problems
 * named by their path (`edits.0.find`, the same form as class-validator's). `root` names the
 * value itself: a query or path parameter's name, or '' for a whole body.
 */
export function textProblems(value: unknown, rule: TextRule, root = ''): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const visit = (current: unknown, field: string): void => {
    if (problems.length >= MAX_PROBLEMS) return;
    if (typeof current === 'string') {
      const message = rule(current);
      if (message) {
        const name = field || BODY_FIELD;
        problems.push({ field: name, message: `${name} ${message}` });
      }
      return;
    }
    if (typeof current !== 'object' || current === null) return;
    for (const [key, item] of Object.entries(current)) {
      const message = rule(key);
      if (message) {
        const name = field || BODY_FIELD;
        problems.push({ field: name, message: `a field name in ${name} ${message}` });
      }
      visit(item, join(field, key));
    }
  };
  visit(value, root);
  return problems.slice(0, MAX_PROBLEMS);
}
