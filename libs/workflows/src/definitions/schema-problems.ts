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

/** Problems of `value` against `schema`, each naming its field under `base` (`definition.steps[2].url`). */
export function schemaProblems(schema: JsonSchema, value: unknown, base: string): FieldProblem[] {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => {
    const field = fieldOf(base, error);
    return { field, message: messageOf(field, error) };
  });
}
