import type { ArgumentMetadata } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsString, Length } from 'class-validator';
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

  it('refuses null for an omittable field, and takes it left out', async () => {
    expect((await refusal({ title: 't', path: null }, body(NoteDto))).details).toMatchObject({
      field: 'path',
    });
    await expect(pipe.transform({ title: 't' }, body(NoteDto))).resolves.toEqual({ title: 't' });
  });
});
