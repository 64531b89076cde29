import type { OpenAPIObject } from '@nestjs/swagger';
import { toOpenApi31 } from './openapi-31';

function schemaOf(property: Record<string, unknown>): unknown {
  const document = {
    openapi: '3.0.0',
    info: { title: 't', version: '1' },
    paths: {},
    components: { schemas: { Thing: { type: 'object', properties: { field: property } } } },
  } as unknown as OpenAPIObject;
  const schemas = toOpenApi31(document).components?.schemas as Record<
    string,
    { properties: Record<string, unknown> }
  >;
  return schemas.Thing.properties.field;
}

describe('toOpenApi31', () => {
  it('lets null through a nullable reference, keeping its description', () => {
    expect(
      schemaOf({
        type: 'object',
        nullable: true,
        description: 'Null when absent.',
        allOf: [{ $ref: '#/components/schemas/Access' }],
      }),
    ).toEqual({
      description: 'Null when absent.',
      anyOf: [{ $ref: '#/components/schemas/Access' }, { type: 'null' }],
    });
  });

  it('widens the type of a nullable scalar, and its enum', () => {
    expect(schemaOf({ type: 'string', format: 'uuid', nullable: true })).toEqual({
      type: ['string', 'null'],
      format: 'uuid',
    });
    expect(schemaOf({ type: 'string', enum: ['a', 'b'], nullable: true })).toEqual({
      type: ['string', 'null'],
      enum: ['a', 'b', null],
    });
  });

  it('offers null beside a nullable schema without a type, and drops nullable: false', () => {
    expect(schemaOf({ oneOf: [{ type: 'string' }, { type: 'number' }], nullable: true })).toEqual({
      anyOf: [{ oneOf: [{ type: 'string' }, { type: 'number' }] }, { type: 'null' }],
    });
    expect(schemaOf({ type: 'string', nullable: false })).toEqual({ type: 'string' });
  });
});
