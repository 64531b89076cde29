import { HttpException } from '@nestjs/common';
import { AppError } from './app-error';
import { isDatabaseUnreachable } from './database-unreachable';
import { ErrorCode, HTTP_STATUS_OF } from './error-code';
import { BODY_FIELD, validationError } from '../validation/validation-errors';

export interface TranslatedError {
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
  headers: Record<string, string>;
  /** Unexpected failures are logged with their stack; refusals are not. */
  unexpected: boolean;
}

const CODE_OF_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: ErrorCode.BadRequest,
  401: ErrorCode.AuthRequired,
  403: ErrorCode.AccessDenied,
  404: ErrorCode.NotFound,
  405: ErrorCode.MethodNotAllowed,
  409: ErrorCode.Conflict,
  413: ErrorCode.PayloadTooLarge,
  415: ErrorCode.UnsupportedMediaType,
  429: ErrorCode.RateLimited,
  503: ErrorCode.ServiceUnavailable,
};

const FASTIFY_MESSAGES: Readonly<Record<string, { code: ErrorCode; message: string }>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: ErrorCode.UnsupportedMediaType,
    message: 'This route takes a JSON body: send Content-Type: application/json.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: ErrorCode.PayloadTooLarge,
    message: 'The request body is larger than this route accepts.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: ErrorCode.BadRequest,
    message: 'Content-Length does not match the body.',
  },
};

/** Body refusals of Fastify's own JSON parser, named like any other validation problem. */
const FASTIFY_BODY_PROBLEMS: Readonly<Record<string, string>> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'the body is empty but Content-Type says JSON: send a JSON value',
  FST_ERR_CTP_INVALID_JSON_BODY: 'the body is not valid JSON',
};

/** About as long as PostgreSQL takes to restart or fail over. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

const POOL_EXHAUSTED_PATTERNS = [
  /timeout exceeded when trying to connect/i,
  /sorry, too many clients already/i,
  /remaining connection slots are reserved/i,
];

/** Postgres gave up on a transaction because of a concurrent one: nothing was written. */
function isConcurrencyAbort(error: Error): boolean {
  const code = (error as { driverError?: { code?: string } }).driverError?.code;
  return code === '40001' || code === '40P01';
}

function isPoolExhaustion(error: Error): boolean {
  return POOL_EXHAUSTED_PATTERNS.some((pattern) => pattern.test(error.message));
}

function fromHttpException(error: HttpException): TranslatedError {
  const status = error.getStatus();
  const response = error.getResponse();
  const code =
    CODE_OF_STATUS[status] ?? (status >= 500 ? ErrorCode.InternalError : ErrorCode.BadRequest);
  const message =
    status === 404
      ? 'No route or item matches this request.'
      : typeof response === 'object' && response !== null && 'message' in response
        ? String(response.message)
        : error.message;
  return { status, code, message, headers: {}, unexpected: status >= 500 };
}

function isFastifyError(error: unknown): error is Error & { code: string; statusCode?: number } {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && code.startsWith('FST_');
}

function fromAppError(error: AppError): TranslatedError {
  return {
    status: error.status,
    code: error.code,
    message: error.message,
    details: error.details,
    headers: error.headers,
    unexpected: false,
  };
}

function bodyRefusal(message: string): TranslatedError {
  return fromAppError(validationError([{ field: BODY_FIELD, message }]));
}

/** Maps any thrown value to the spec's error envelope fields. Unknown failures become 500. */
export function translateError(error: unknown): TranslatedError {
  if (error instanceof AppError) return fromAppError(error);
  if (error instanceof HttpException) return fromHttpException(error);
  if (isFastifyError(error)) {
    const bodyProblem = FASTIFY_BODY_PROBLEMS[error.code];
    if (bodyProblem) return bodyRefusal(bodyProblem);
    const known = FASTIFY_MESSAGES[error.code];
    if (known) {
      return {
        status: HTTP_STATUS_OF[known.code],
        code: known.code,
        message: known.message,
        headers: {},
        unexpected: false,
      };
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return {
        status,
        code: CODE_OF_STATUS[status] ?? ErrorCode.BadRequest,
        message: error.message,
        headers: {},
        unexpected: false,
      };
    }
  }
  if (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400) {
    return bodyRefusal('the body is not valid JSON');
  }
  if (error instanceof Error && isConcurrencyAbort(error)) {
    return {
      status: 409,
      code: ErrorCode.ConcurrentChange,
      message: 'A concurrent change made this request give up before writing anything; retry it.',
      headers: {},
      unexpected: false,
    };
  }
  if (isDatabaseUnreachable(error)) {
    return {
      status: 503,
      code: ErrorCode.ServiceUnavailable,
      message:
        'The database cannot be reached; nothing was written. Retry after the Retry-After delay.',
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
      unexpected: false,
    };
  }
  if (error instanceof Error && isPoolExhaustion(error)) {
    return {
      status: 503,
      code: ErrorCode.DbPoolExhausted,
      message: 'The database is briefly at capacity. Retry after the Retry-After delay.',
      headers: { 'Retry-After': '1' },
      unexpected: false,
    };
  }
  return {
    status: 500,
    code: ErrorCode.InternalError,
    message:
      'The server failed. A write may already have happened: reconcile before retrying. Quote the request_id to support.',
    headers: {},
    unexpected: true,
  };
}
