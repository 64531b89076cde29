/** Machine-readable refusal codes. Clients branch on them: never rename one. */
export enum ErrorCode {
  ValidationError = 'VALIDATION_ERROR',
  BadRequest = 'BAD_REQUEST',
  AuthRequired = 'AUTH_REQUIRED',
  AccessDenied = 'ACCESS_DENIED',
  NotFound = 'NOT_FOUND',
  MethodNotAllowed = 'METHOD_NOT_ALLOWED',
  Conflict = 'CONFLICT',
  ConcurrentChange = 'CONCURRENT_CHANGE',
  PayloadTooLarge = 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType = 'UNSUPPORTED_MEDIA_TYPE',
  RateLimited = 'RATE_LIMITED',
  InternalError = 'INTERNAL_ERROR',
  ServiceUnavailable = 'SERVICE_UNAVAILABLE',
  DbPoolExhausted = 'DB_POOL_EXHAUSTED',
}

export const HTTP_STATUS_OF: Readonly<Record<ErrorCode, number>> = {
  [ErrorCode.ValidationError]: 400,
  [ErrorCode.BadRequest]: 400,
  [ErrorCode.AuthRequired]: 401,
  [ErrorCode.AccessDenied]: 403,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.MethodNotAllowed]: 405,
  [ErrorCode.Conflict]: 409,
  [ErrorCode.ConcurrentChange]: 409,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.UnsupportedMediaType]: 415,
  [ErrorCode.RateLimited]: 429,
  [ErrorCode.InternalError]: 500,
  [ErrorCode.ServiceUnavailable]: 503,
  [ErrorCode.DbPoolExhausted]: 503,
};
