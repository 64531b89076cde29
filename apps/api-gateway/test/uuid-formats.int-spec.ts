import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DECORATORS } from '@nestjs/swagger';
import { classesNamedBy, handlerModels, modelProperties, type Class } from '@cw/platform';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { SingleProcessModule } from '../src/single-process.module';

/** UUIDs `format: uuid` admits: nil, max, versions 1, 4 and 7, variants other than RFC's. */
const ANY_UUIDS = [
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  'c232ab00-9414-11ec-b3c8-9f6bdeced846',
  '9b2f7c1e-4a6d-4e8b-b1c3-5d7e9f0a2b4c',
  '017f22e2-79b0-7cc3-98c4-dc0c0c07398f',
  '9b2f7c1e-4a6d-7e8b-c1c3-5d7e9f0a2b4c',
  '9b2f7c1e-4a6d-0e8b-e1c3-5d7e9f0a2b4c',
];

interface UuidField {
  model: Class;
  name: string;
  pattern?: string;
}

/** Every documented `format: uuid` field of the DTOs the composition's handlers take. */
function uuidFields(app: INestApplication): UuidField[] {
  const pending = handlerModels(app);
  const seen = new Set<Class>();
  const fields: UuidField[] = [];
  while (pending.length > 0) {
    const model = pending.pop()!;
    if (seen.has(model)) continue;
    seen.add(model);
    for (const [name, property] of modelProperties(model)) {
      pending.push(...classesNamedBy(property.type));
      const described = Reflect.getMetadata(
        DECORATORS.API_MODEL_PROPERTIES,
        model.prototype as object,
        name,
      ) as { format?: string; pattern?: string };
      if (described.format === 'uuid') fields.push({ model, name, pattern: described.pattern });
    }
  }
  return fields;
}

function refuses(model: Class, name: string, value: string): boolean {
  const errors = validateSync(
    plainToInstance<object, object>(model as new () => object, { [name]: value }),
  );
  return errors.some((error) => error.property === name);
}

describe('format: uuid and the validators agree', () => {
  let app: INestApplication;
  let fields: UuidField[];

  beforeAll(async () => {
    app = await NestFactory.create(SingleProcessModule, new FastifyAdapter(), {
      preview: true,
      logger: false,
      abortOnError: false,
    });
    fields = uuidFields(app);
  });
  afterAll(() => app.close());

  it('finds the uuid fields, workflow_public_id and packet_id among them', () => {
    const names = fields.map((field) => field.name);
    expect(names).toEqual(
      expect.arrayContaining(['workflow_public_id', 'packet_id', 'mutation_id']),
    );
  });

  it('accepts every UUID the declared format (and pattern, where one is declared) admits', () => {
    const refused = fields.flatMap(({ model, name, pattern }) =>
      ANY_UUIDS.filter((uuid) => pattern === undefined || new RegExp(pattern).test(uuid))
        .filter((uuid) => refuses(model, name, uuid))
        .map((uuid) => `${model.name}.${name} refuses ${uuid}`),
    );
    expect(refused).toEqual([]);
  });

  it('refuses what the declared pattern excludes, and what is not a UUID at all', () => {
    const admitted = fields.flatMap(({ model, name, pattern }) =>
      [
        ...ANY_UUIDS.filter((uuid) => pattern !== undefined && !new RegExp(pattern).test(uuid)),
        'not-a-uuid',
      ]
        .filter((value) => !refuses(model, name, value))
        .map((value) => `${model.name}.${name} admits ${value}`),
    );
    expect(admitted).toEqual([]);
  });
});
