import type { components } from './generated/openapi';

export type ErrorEnvelope = components['schemas']['ErrorEnvelopeSchema'];

/** A non-2xx answer, with the envelope's fields when the body was one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly requestId: string | null;
  readonly details: Record<string, unknown> | undefined;
  /** The body as the server sent it (the envelope, or OAuth's `{error, error_description}`). */
  readonly body: unknown;

  constructor(status: number, body: unknown, requestId: string | null) {
    const envelope = isEnvelope(body) ? body.error : undefined;
    const oauth = isOAuthError(body) ? body : undefined;
    super(envelope?.message ?? oauth?.error_description ?? oauth?.error ?? `HTTP ${status} answer`);
    this.name = 'ApiError';
    this.status = status;
    this.code = envelope?.code ?? oauth?.error ?? `HTTP_${status}`;
    this.requestId = envelope?.request_id ?? requestId;
    this.details = envelope?.details;
    this.body = body;
  }

  /** The scope a 403 names when the token lacks it (`details.scope`), else null. */
  get missingScope(): string | null {
    const scope = this.details?.scope;
    return typeof scope === 'string' ? scope : null;
  }
}

function isEnvelope(body: unknown): body is ErrorEnvelope {
  if (typeof body !== 'object' || body === null) return false;
  const error = (body as { error?: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

function isOAuthError(body: unknown): body is { error: string; error_description?: string } {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { error?: unknown }).error === 'string'
  );
}
