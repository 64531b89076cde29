import { AppError, type DomainCode } from './app-error';

/** HTTP statuses a domain refusal may answer with (server failures are the platform's). */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

export interface DomainErrorOptions {
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Raises one context's refusals: `code` can only be one the context declared. */
export type DomainErrorFactory<Code extends string> = (
  code: Code,
  message: string,
  options?: DomainErrorOptions,
) => AppError;

/**
 * A bounded context declares its refusal codes once, each with its HTTP status. The table is a
 * `Record` over the context's code union, so adding a code without a status (or a status for a
 * code that does not exist) fails the type check: the mapping is exhaustive by construction.
 *
 *   export const WIKI_ERROR_STATUS = { PAGE_PATH_TAKEN: 409, … } as const satisfies
 *     Record<string, RefusalStatus>;
 *   export type WikiErrorCode = keyof typeof WIKI_ERROR_STATUS;
 *   export const wikiError = defineDomainErrors(WIKI_ERROR_STATUS);
 */
export function defineDomainErrors<Code extends string>(
  statusOf: Readonly<Record<Code, RefusalStatus>>,
): DomainErrorFactory<Code> {
  return (code, message, options = {}) =>
    new AppError(code as string as DomainCode, message, {
      status: statusOf[code],
      details: options.details,
      headers: options.headers,
    });
}
