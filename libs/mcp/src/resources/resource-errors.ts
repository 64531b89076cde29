import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { RestRefusal, RestUnreachable } from '../calls/rest-client';
import { nextAction } from '../calls/tool-results';
import { PageUriError } from './page-uris';

/**
 * A JSON-RPC error the protocol answers as it is: `code`, `message`, `data`. (The SDK's
 * `RpcError` puts "MCP error <code>:" into the message, which the client's own adds again.)
 */
export class RpcError extends Error {
  override name = 'RpcError';

  constructor(
    readonly code: number,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The MCP specification's code for a resource that does not exist (or is not the caller's). */
export const RESOURCE_NOT_FOUND = -32002;

interface Envelope {
  error?: { code?: string; message?: string; details?: Record<string, unknown> };
}

/** JSON-RPC codes of REST refusals: the caller's request is wrong, not the server. */
function jsonRpcCode(status: number): number {
  if (status === 404) return RESOURCE_NOT_FOUND;
  if (status === 400) return ErrorCode.InvalidParams;
  if (status < 500) return ErrorCode.InvalidRequest;
  return ErrorCode.InternalError;
}

/** A REST refusal as a JSON-RPC error; `data` carries the envelope, as tool errors do. */
export function refusalError(refusal: RestRefusal, uri?: string): RpcError {
  const { status, body, retryAfter } = refusal.answer;
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as Envelope;
  const message = envelope.error?.message ?? `The API answered ${status}.`;
  return new RpcError(jsonRpcCode(status), message, {
    ...(uri ? { uri } : {}),
    status,
    code: envelope.error?.code ?? 'UPSTREAM_ERROR',
    ...(envelope.error?.details ? { details: envelope.error.details } : {}),
    next_action: nextAction(status, envelope.error?.details, retryAfter),
  });
}

/** A page whose metadata the caller may see but whose content is not theirs to read. */
export function contentNotReadable(uri: string): RpcError {
  return new RpcError(ErrorCode.InvalidRequest, 'You may not read this page’s content.', {
    uri,
    status: 403,
    code: 'ACCESS_DENIED',
    details: { error: 'content_not_readable' },
    next_action: 'Ask the page’s owner to add you to its access list.',
  });
}

/** Any failure of a resource request, as the JSON-RPC error the client gets. */
export function resourceError(error: unknown, uri?: string): unknown {
  if (error instanceof RpcError) return error;
  if (error instanceof PageUriError) return new RpcError(ErrorCode.InvalidParams, error.message);
  if (error instanceof RestRefusal) return refusalError(error, uri);
  if (error instanceof RestUnreachable) {
    return new RpcError(ErrorCode.InternalError, 'The API could not be reached.', {
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
  }
  return error;
}
