import { NotFoundException } from '@nestjs/common';
import { AppError } from './app-error';
import { translateError } from './translate-error';

describe('translateError', () => {
  it('keeps an AppError as it is', () => {
    const translated = translateError(AppError.insufficientScope(['wiki:read']));
    expect(translated).toMatchObject({
      status: 403,
      code: 'ACCESS_DENIED',
      details: { error: 'insufficient_scope', scope: 'wiki:read' },
      headers: { 'WWW-Authenticate': 'Bearer error="insufficient_scope", scope="wiki:read"' },
    });
  });

  it('turns an unknown route into NOT_FOUND', () => {
    expect(translateError(new NotFoundException('Cannot GET /x'))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('maps an exhausted pool to 503 DB_POOL_EXHAUSTED with Retry-After', () => {
    const translated = translateError(new Error('timeout exceeded when trying to connect'));
    expect(translated).toMatchObject({
      status: 503,
      code: 'DB_POOL_EXHAUSTED',
      headers: { 'Retry-After': '1' },
    });
  });

  it('maps an unreachable database to 503 SERVICE_UNAVAILABLE with Retry-After, not a 500', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const translated = translateError(refused);
    expect(translated).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      headers: { 'Retry-After': '5' },
      unexpected: false,
    });
    expect(translated.message).toContain('nothing was written');
  });

  it('keeps 500 when the connection broke while a statement may have run', () => {
    const broken = new Error('Connection terminated unexpectedly');
    expect(translateError(broken)).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
  });

  it('maps a serialization failure or deadlock to a retryable 409 CONCURRENT_CHANGE', () => {
    for (const code of ['40001', '40P01']) {
      const aborted = Object.assign(new Error('could not serialize access'), {
        driverError: { code },
      });
      expect(translateError(aborted)).toMatchObject({ status: 409, code: 'CONCURRENT_CHANGE' });
    }
  });

  it('never leaks the text of an unexpected failure', () => {
    const translated = translateError(new Error('relation "secret_table" does not exist'));
    expect(translated.status).toBe(500);
    expect(translated.code).toBe('INTERNAL_ERROR');
    expect(translated.message).not.toContain('secret_table');
    expect(translated.unexpected).toBe(true);
  });

  it('maps Fastify body errors to the envelope codes', () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), {
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
      statusCode: 413,
    });
    expect(translateError(tooLarge)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    const badType = Object.assign(new Error('Unsupported Media Type'), {
      code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
      statusCode: 415,
    });
    expect(translateError(badType)).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('names the body in the validation details of a JSON body Fastify refused', () => {
    const badJson = Object.assign(new SyntaxError('Unexpected token'), {
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      statusCode: 400,
    });
    expect(translateError(badJson)).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      details: { field: '(body)', validation_errors: [{ field: '(body)' }] },
    });
  });
});
