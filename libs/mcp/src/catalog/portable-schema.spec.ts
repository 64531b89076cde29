import Ajv2020 from 'ajv/dist/2020';
import type { JsonSchema } from './json-schema';
import { portableSchema } from './portable-schema';

const ajv = new Ajv2020({ strict: false, validateFormats: false });

const SAMPLES: unknown[] = [
  null,
  true,
  false,
  0,
  2,
  2.5,
  -1,
  '',
  'draft',
  'a long enough text',
  [],
  [1, 'x'],
  {},
  { name: 'n' },
  { name: 3 },
  { name: 'n', extra: 1 },
];

/** The samples a schema accepts: a rewrite must accept exactly the same ones. */
function accepted(schema: JsonSchema): unknown[] {
  const validate = ajv.compile(schema);
  return SAMPLES.filter((sample) => validate(sample));
}

const ANY_JSON_VALUE = ['null', 'boolean', 'object', 'array', 'number', 'string'].map((type) => ({
  type,
}));

describe('portableSchema', () => {
  it('splits a type array into anyOf branches of one type, each with its own keywords', () => {
    const schema = {
      type: ['string', 'null'],
      maxLength: 5,
      minimum: 1,
      enum: ['draft', 'x', null],
      description: 'A status or null.',
    };
    expect(portableSchema(schema)).toEqual({
      anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }],
      minimum: 1,
      enum: ['draft', 'x', null],
      description: 'A status or null.',
    });
  });

  it('puts object and array keywords into their branch; an anyOf of its own still applies', () => {
    const schema = {
      type: ['object', 'array', 'null'],
      properties: { name: { type: ['string', 'integer'] } },
      required: ['name'],
      additionalProperties: false,
      minItems: 1,
      anyOf: [{ type: 'object' }, { type: 'null' }],
    };
    expect(portableSchema(schema)).toEqual({
      anyOf: [
        {
          type: 'object',
          properties: { name: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
          required: ['name'],
          additionalProperties: false,
        },
        { type: 'array', minItems: 1 },
        { type: 'null' },
      ],
      allOf: [{ anyOf: [{ type: 'object' }, { type: 'null' }] }],
    });
  });

  it('spells out a schema that constrains nothing, and bare booleans where a schema goes', () => {
    expect(
      portableSchema({
        type: 'object',
        properties: { any: {}, described: { description: 'Anything.' }, never: false },
        additionalProperties: true,
        items: true,
        not: {},
      }),
    ).toEqual({
      type: 'object',
      properties: {
        any: { anyOf: ANY_JSON_VALUE },
        described: { description: 'Anything.', anyOf: ANY_JSON_VALUE },
        never: { not: {} },
      },
      additionalProperties: true,
      items: { anyOf: ANY_JSON_VALUE },
      not: {},
    });
  });

  it('accepts exactly the values the original accepts', () => {
    const schemas: JsonSchema[] = [
      { type: ['string', 'null'], minLength: 1, enum: ['draft', '', null] },
      { type: ['integer', 'string'], minimum: 1, maxLength: 5 },
      {
        type: ['object', 'null'],
        properties: { name: { type: 'string' } },
        required: ['name'],
        additionalProperties: false,
      },
      { type: ['array', 'boolean'], items: {}, minItems: 1 },
      { type: 'object', properties: { name: true, extra: false } },
      {},
      { description: 'Anything.' },
    ];
    for (const schema of schemas) {
      expect(accepted(portableSchema(schema))).toEqual(accepted(schema));
    }
  });

  it('leaves a portable schema as it is', () => {
    const schema = {
      type: 'object',
      properties: {
        limit: { type: 'integer', minimum: 1, default: 10 },
        inputs: { type: 'object', additionalProperties: { oneOf: [{ type: 'string' }] } },
      },
      required: ['limit'],
      additionalProperties: false,
    };
    expect(portableSchema(schema)).toEqual(schema);
  });
});
