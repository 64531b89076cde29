import type { FieldProblem } from '@cw/platform';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import type { JsonSchema } from '../blocks/block-catalog';

const ajv = new Ajv2020({ allErrors: true, strict: true, useDefaults: false });
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

function fieldOf(base: string, error: ErrorObject): string {
  const pointer = error.instancePath
    .split('/')
    .slice(1)
    .map((part) =>
      /^\d+$/.test(part) ? `[${part}]` : `.${part.replace(/~1/g, '/').replace(/~0/g, '~')}`,
    )
    .join('');
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const child = params.missingProperty ?? params.additionalProperty;
  return `${base}${pointer}${child ? `.${child}` : ''}`;
}

function messageOf(field: string, error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return `${field} is required`;
    case 'additionalProperties':
      return `${field} is not a known field`;
    case 'enum':
      return `${field} must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues
        .map((value) => JSON.stringify(value))
        .join(', ')}`;
    default:
      return `${field} ${error.message ?? 'is invalid'}`;
  }
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'a string',
  boolean: 'a boolean',
  number: 'a number',
  integer: 'an integer',
  object: 'an object',
  array: 'an array',
};

/**
 * One value failing an `anyOf` fails every alternative, and ajv lists each failure. When the
 * value has the type of an alternative, that alternative's failures say what is wrong (`that`
 * is an empty string); otherwise one problem names the types it may have (`that` is a number).
 */
function collapseAlternatives(errors: ErrorObject[]): ErrorObject[] {
  const kept: ErrorObject[] = [];
  const inAlternative = (error: ErrorObject, anyOf: ErrorObject): boolean =>
    error !== anyOf && error.schemaPath.startsWith(`${anyOf.schemaPath}/`);
  const alternatives = errors.filter((error) => error.keyword === 'anyOf');
  for (const error of errors) {
    if (alternatives.some((anyOf) => inAlternative(error, anyOf))) continue;
    if (error.keyword !== 'anyOf') {
      kept.push(error);
      continue;
    }
    const branches = errors.filter((other) => inAlternative(other, error));
    const isTypeMismatch = (branch: ErrorObject): boolean =>
      branch.keyword === 'type' && /\/anyOf\/\d+\/type$/.test(branch.schemaPath);
    const ofMatchingType = branches.filter((branch) => !isTypeMismatch(branch));
    if (ofMatchingType.length > 0) {
      kept.push(...ofMatchingType);
      continue;
    }
    const types = branches.map((branch) => String((branch.params as { type: string }).type));
    kept.push({
      ...error,
      message: `must be ${types.map((type) => TYPE_NAMES[type] ?? type).join(' or ')}`,
    });
  }
  return kept;
}

/** Problems of `value` against `schema`, each naming its field under `base` (`definition.steps[2].url`). */
export function schemaProblems(schema: JsonSchema, value: unknown, base: string): FieldProblem[] {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(value)) return [];
  return collapseAlternatives(validate.errors ?? []).map((error) => {
    const field = fieldOf(base, error);
    return { field, message: messageOf(field, error) };
  });
}
