import { AppError, ErrorCode } from '@cw/platform';

/** reply-from's error for an answer that did not come within the upstream timeout. */
function isTimeout(error: unknown): boolean {
  return (error as { statusCode?: unknown } | null)?.statusCode === 504;
}

/** What a client gets when its service cannot be reached or does not answer in time. */
export function upstreamFailure(service: string, error: unknown, timeoutMs: number): AppError {
  if (isTimeout(error)) {
    return new AppError(
      ErrorCode.ServiceUnavailable,
      `The ${service} did not answer within ${timeoutMs / 1000} s; retry shortly.`,
      { headers: { 'Retry-After': '5' }, details: { service, reason: 'timeout' } },
    );
  }
  return new AppError(
    ErrorCode.ServiceUnavailable,
    `The ${service} is not answering; retry shortly.`,
    { headers: { 'Retry-After': '1' }, details: { service, reason: 'unreachable' } },
  );
}
