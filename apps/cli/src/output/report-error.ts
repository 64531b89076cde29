import { ApiError, describeNetworkError } from '@cw/api-client';
import { CliError, ExitCode } from '../exit-codes';
import type { Output } from './output';

const EXIT_BY_STATUS: Record<number, ExitCode> = {
  401: ExitCode.notSignedIn,
  403: ExitCode.accessDenied,
  404: ExitCode.notFound,
  409: ExitCode.conflict,
  410: ExitCode.notFound,
};

/** What the person should do next, where the answer tells. */
function hintFor(error: ApiError): string | undefined {
  if (error.status === 401) return 'Run `cw login` to sign in (or set CW_TOKEN).';
  if (error.status === 403 && error.missingScope)
    return `The token lacks the scope ${error.missingScope}: sign in with a key that has it.`;
  return undefined;
}

/** Prints the failure on stderr (the envelope's message, code and request_id) and picks the exit. */
export function reportError(error: unknown, out: Output): ExitCode {
  const colors = out.errorColors;
  if (error instanceof ApiError) {
    const hint = hintFor(error);
    if (out.json) {
      const { status, code, message, requestId, details } = error;
      out.note(
        JSON.stringify({
          error: { status, code, message, request_id: requestId, details, hint },
        }),
      );
    } else {
      out.note(`${colors.red('error:')} ${error.message}`);
      out.note(
        colors.dim(
          `  code ${error.code}, HTTP ${error.status}, request_id ${error.requestId ?? '-'}`,
        ),
      );
      if (error.missingScope) out.note(`  missing scope: ${error.missingScope}`);
      if (hint) out.note(`  ${hint}`);
    }
    return EXIT_BY_STATUS[error.status] ?? ExitCode.failed;
  }
  if (error instanceof CliError) {
    if (out.json) out.note(JSON.stringify({ error: { code: error.code, message: error.message } }));
    else out.note(`${colors.red('error:')} ${error.message}`);
    return error.exitCode;
  }
  if (isNetworkError(error)) {
    const message = `the server did not answer: ${describeNetworkError(error)}`;
    if (out.json) out.note(JSON.stringify({ error: { code: 'UNREACHABLE', message } }));
    else out.note(`${colors.red('error:')} ${message}`);
    return ExitCode.unreachable;
  }
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  out.note(`${colors.red('error:')} ${message}`);
  return ExitCode.failed;
}

/** fetch's own failures: a TypeError "fetch failed", or the deadline's abort. */
export function isNetworkError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  const message = (error as { message?: unknown } | null)?.message;
  return (
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    (name === 'TypeError' && message === 'fetch failed')
  );
}
