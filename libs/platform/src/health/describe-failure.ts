import { ReadinessFailure } from './readiness-check';

const ERROR_CODE = /^[A-Z0-9_]{2,40}$/;

/**
 * What a failed check shows on the public `/ready` route: its own words for a
 * `ReadinessFailure`, else the error's code (`ECONNREFUSED`, PostgreSQL's `57P01`), never a
 * message that could name a host, a port or a statement.
 */
export function describeFailure(error: unknown): string {
  if (error instanceof ReadinessFailure) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && ERROR_CODE.test(code) ? `failed: ${code}` : 'failed';
}
