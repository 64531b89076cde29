import { HttpException } from '@nestjs/common';
import { AppError } from './app-error';
import { ErrorCode, HTTP_STATUS_OF } from './error-code';

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
    message: 'Unsupported Content-Type: send application/json.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: ErrorCode.PayloadTooLarge,
    message: 'The request body is larger than this route accepts.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: ErrorCode.ValidationError,
    message: 'The body is empty but Content-Type says JSON: send a JSON value or no Content-Type.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: ErrorCode.ValidationError,
    message: 'The body is not valid JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: ErrorCode.BadRequest,
    message: 'Content-Length does not match the body.',
  },
};

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

/** Maps any thrown value to the spec's error envelope fields. Unknown failures become 500. */
export function translateError(error: unknown): TranslatedError {
  if (error instanceof AppError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      details: error.details,
      headers: error.headers,
      unexpected: false,
    };
  }
  if (error instanceof HttpException) return fromHttpException(error);
  if (isFastifyError(error)) {
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
    return {
      status: 400,
      code: ErrorCode.ValidationError,
      message: 'The body is not valid JSON.',
      headers: {},
      unexpected: false,
    };
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
