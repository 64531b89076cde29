import type { ArgumentMetadata } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { IsObject, IsString, Length, ValidateNested } from 'class-validator';
import { AppError } from '../errors/app-error';
import { IsOmittable } from './is-omittable';
import { createStrictValidationPipe } from './strict-validation.pipe';

class NoteDto {
  @IsString()
  @Length(1, 50)
  title!: string;

  @IsOmittable()
  @IsString()
  path?: string;
}

class NotebookDto {
  @IsObject()
  @ValidateNested()
  @Type(() => NoteDto)
  note!: NoteDto;
}

class SearchDto {
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.replace(/\p{Cc}/gu, ' ') : value,
  )
  @IsString()
  q!: string;
}

const pipe = createStrictValidationPipe();
const body = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({
  type: 'body',
  metatype,
});

async function refusal(value: unknown, metadata: ArgumentMetadata): Promise<AppError> {
  const error: unknown = await pipe.transform(value, metadata).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the strict validation pipe', () => {
  it('refuses a NUL in any string of a body, with the field path, DTO or not', async () => {
    expect((await refusal({ title: 'a\u0000' }, body(NoteDto))).details).toMatchObject({
      field: 'title',
    });
    const free = await refusal({ inputs: { topic: ['x', '\u0000'] } }, body(Object));
    expect(free.details).toMatchObject({ field: 'inputs.topic.1' });
  });

  it('lists the first ten problems of a body of 1,000 unknown fields and counts the rest', async () => {
    const flood = Object.fromEntries(
      Array.from({ length: 999 }, (_, index) => [`extra${index}`, 1]),
    );
    const error = await refusal({ title: 'ok', ...flood }, body(NoteDto));
    const details = error.details as {
      field: string;
      validation_errors: { field: string; message: string }[];
      validation_errors_omitted: number;
    };
    expect(details.field).toBe('extra0');
    expect(details.validation_errors).toHaveLength(10);
    expect(details.validation_errors[9]).toEqual({
      field: 'extra9',
      message: 'extra9 is not a known field',
    });
    expect(details.validation_errors_omitted).toBe(989);
    expect(JSON.stringify(details).length).toBeLessThan(2_000);
    // Ten or fewer problems are all listed, with nothing said about omissions.
    const few = (await refusal({ title: '', a: 1 }, body(NoteDto))).details;
    expect(few).not.toHaveProperty('validation_errors_omitted');
  });

  it('refuses an object too wide to convert in bounded time before converting it (100,000 fields: 25 s before)', async () => {
    const started = performance.now();
    const wide = Object.fromEntries(
      Array.from({ length: 100_000 }, (_, index) => [`k${index}`, 1]),
    );
    const error = await refusal({ title: 'ok', path: 'p', ...wide }, body(NoteDto));
    expect(error.details).toEqual({
      field: '(body)',
      validation_errors: [{ field: '(body)', message: '(body) has more than 1000 fields' }],
    });
    const nested = await refusal({ title: 'ok', meta: wide }, body(NoteDto));
    expect(nested.details).toMatchObject({ field: 'meta' });
    // Many narrow objects, or a long array, are bounded by the values in all.
    const many = Array.from({ length: 20 }, () =>
      Object.fromEntries(Array.from({ length: 999 }, (_, index) => [`k${index}`, 1])),
    );
    for (const input of [
      { title: 'ok', many },
      { title: 'ok', list: Array(200_000).fill(1) },
    ]) {
      expect((await refusal(input, body(NoteDto))).details).toEqual({
        field: '(body)',
        validation_errors: [{ field: '(body)', message: '(body) holds more than 10000 values' }],
      });
    }
    expect(performance.now() - started).toBeLessThan(2_000);
    // An input without a DTO is not converted, so it is not bounded here.
    await expect(pipe.transform(wide, body(Object))).resolves.toBe(wide);
  });

  it('refuses a lone surrogate before the validators run (some throw on it)', async () => {
    const error = await refusal({ title: '\ud800' }, body(NoteDto));
    expect(error.details).toMatchObject({ field: 'title' });
    expect(error.message).toContain('well-formed Unicode');
  });

  it('checks NULs after the DTO transforms, so a DTO that cleans its text keeps doing so', async () => {
    const query: ArgumentMetadata = { type: 'query', metatype: SearchDto };
    await expect(pipe.transform({ q: 'a\u0000b' }, query)).resolves.toEqual({ q: 'a b' });
  });

  it('refuses a NUL in a path parameter by its name, and leaves custom parameters alone', async () => {
    const param: ArgumentMetadata = { type: 'param', metatype: String, data: 'page_id' };
    expect((await refusal('1\u0000', param)).details).toMatchObject({ field: 'page_id' });
    const actor = { tag: 'a\u0000' };
    await expect(pipe.transform(actor, { type: 'custom', metatype: Object })).resolves.toBe(actor);
  });

  it('says a required field left out is required, not every constraint it would fail', async () => {
    const error = await refusal({ path: 'p' }, body(NoteDto));
    expect(error.message).toBe('Invalid request: title is required.');
    expect(error.details).toEqual({
      field: 'title',
      validation_errors: [{ field: 'title', message: 'title is required' }],
    });
    // A field that is there but wrong still names what is wrong with it.
    const empty = await refusal({ title: '' }, body(NoteDto));
    expect(empty.message).toBe(
      'Invalid request: title must be longer than or equal to 1 characters.',
    );
    const nested = await refusal({ note: {} }, body(NotebookDto));
    expect(nested.details).toMatchObject({
      validation_errors: [{ field: 'note.title', message: 'note.title is required' }],
    });
    expect((await refusal({}, body(NotebookDto))).message).toBe(
      'Invalid request: note is required.',
    );
  });

  it('refuses null for an omittable field, and takes it left out', async () => {
    expect((await refusal({ title: 't', path: null }, body(NoteDto))).details).toMatchObject({
      field: 'path',
    });
    await expect(pipe.transform({ title: 't' }, body(NoteDto))).resolves.toEqual({ title: 't' });
  });
});
