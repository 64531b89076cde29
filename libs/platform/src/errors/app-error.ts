import { bearerChallenge } from './bearer-challenge';
import { ErrorCode, HTTP_STATUS_OF } from './error-code';

/** A refusal code declared by a bounded context (see `defineDomainErrors`). */
declare const domainCode: unique symbol;
export type DomainCode = string & { readonly [domainCode]: true };

export interface AppErrorOptions {
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Overrides the code's usual status, for codes a route answers with another status. */
  status?: number;
  /** Why a 5xx happened, for the request's log line; never shown to the client. */
  cause?: string;
}

/** A refusal the client should see as it is: the global filter renders it in the envelope. */
export class AppError extends Error {
  readonly status: number;
  readonly details?: Record<string, unknown>;
  readonly headers: Record<string, string>;

  /**
   * `code` is a platform `ErrorCode`; a context's own codes reach here only through its
   * `defineDomainErrors` factory, which supplies their status.
   */
  constructor(
    readonly code: ErrorCode | DomainCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.status = options.status ?? HTTP_STATUS_OF[code as ErrorCode] ?? 400;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  static notFound(message = 'Not found.'): AppError {
    return new AppError(ErrorCode.NotFound, message);
  }

  static authRequired(message = 'Sign in or send a valid bearer token.'): AppError {
    return new AppError(ErrorCode.AuthRequired, message, {
      headers: { 'WWW-Authenticate': bearerChallenge() },
    });
  }

  /** A bearer token was sent but does not resolve (unknown, expired, revoked): RFC 6750 §3.1. */
  static invalidToken(message = 'The token is invalid, expired or revoked.'): AppError {
    return new AppError(ErrorCode.AuthRequired, message, {
      headers: {
        'WWW-Authenticate': bearerChallenge({ error: 'invalid_token', description: message }),
      },
    });
  }

  static accessDenied(message: string, details?: Record<string, unknown>): AppError {
    return new AppError(ErrorCode.AccessDenied, message, { details });
  }

  /**
   * `held`: the token's scopes. `details.request_scope` is what to ask for when authorizing
   * again (step-up, as the MCP authorization spec recommends): the scopes held and the first
   * one the route accepts, so the new token loses nothing the old one had.
   */
  static insufficientScope(scopes: readonly string[], held: readonly string[] = []): AppError {
    const scope = scopes.join(' ');
    const requestScope = [...new Set([...held, ...scopes.slice(0, 1)])].join(' ');
    return new AppError(
      ErrorCode.AccessDenied,
      `This token lacks the scope this route needs: one of ${scopes.join(', ')}.`,
      {
        details: { error: 'insufficient_scope', scope, request_scope: requestScope },
        headers: {
          'WWW-Authenticate': bearerChallenge({ error: 'insufficient_scope', scope: scopes }),
        },
      },
    );
  }

  static badRequest(message: string, details?: Record<string, unknown>): AppError {
    return new AppError(ErrorCode.BadRequest, message, { details });
  }

  static conflict(code: ErrorCode, message: string, details?: Record<string, unknown>): AppError {
    return new AppError(code, message, { status: 409, details });
  }
}
