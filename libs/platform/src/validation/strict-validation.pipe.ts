import { type ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { objectSizeProblem } from './object-size';
import { noNulCharacter, type TextRule, textProblems, wellFormedUnicode } from './storable-text';
import { flattenValidationErrors, validationError } from './validation-errors';

/** Where a client's own text arrives; custom parameters (the actor) are the server's. */
const CLIENT_INPUT = new Set<ArgumentMetadata['type']>(['body', 'query', 'param']);

function refuseUnstorable(value: unknown, rule: TextRule, root: string): void {
  const problems = textProblems(value, rule, root);
  if (problems.length > 0) throw validationError(problems);
}

/**
 * Unknown fields are refused by name; values are converted to the DTO's declared types, after a
 * linear check that no object is too wide to convert in bounded time (object-size.ts). Every
 * string of a body, query or path parameter must also be storable text, whatever the route:
 * lone surrogates are refused before the DTO's validators run (some throw on them), NULs after
 * its transforms (so a DTO that cleans its text, like search's `q`, keeps doing so).
 */
export class StrictValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      exceptionFactory: (errors) => validationError(flattenValidationErrors(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (!CLIENT_INPUT.has(metadata.type)) return super.transform(value, metadata);
    const root = metadata.data ?? '';
    if (this.toValidate(metadata)) {
      const oversized = objectSizeProblem(value, root);
      if (oversized) throw validationError([oversized]);
    }
    refuseUnstorable(value, wellFormedUnicode, root);
    const transformed: unknown = await super.transform(value, metadata);
    refuseUnstorable(transformed, noNulCharacter, root);
    return transformed;
  }
}

export function createStrictValidationPipe(): ValidationPipe {
  return new StrictValidationPipe();
}
