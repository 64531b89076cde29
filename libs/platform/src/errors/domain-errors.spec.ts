import { AppError } from './app-error';
import { defineDomainErrors } from './domain-errors';

describe('defineDomainErrors', () => {
  const STATUS = { THING_TAKEN: 409, THING_GONE: 410 } as const;
  const thingError = defineDomainErrors<keyof typeof STATUS>(STATUS);

  it('raises an AppError with the code, the status of its table, details and headers', () => {
    const error = thingError('THING_GONE', 'It is gone.', {
      details: { id: 7 },
      headers: { 'Retry-After': '1' },
    });
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'THING_GONE',
      status: 410,
      message: 'It is gone.',
      details: { id: 7 },
      headers: { 'Retry-After': '1' },
    });
  });

  it('refuses at compile time a code the context did not declare, and a free string in AppError', () => {
    // @ts-expect-error: not one of the context's codes
    expect(thingError('THING_MISSING', 'x').status).toBe(400);
    // @ts-expect-error: a domain code must come from its context's factory
    expect(new AppError('THING_TAKEN', 'x').status).toBe(400);
  });
});
