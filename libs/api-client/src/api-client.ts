import createClient, { type Client } from 'openapi-fetch';
import { ApiError } from './api-error';
import type { paths } from './generated/openapi';

export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** The server's base address, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** An API key or OAuth access token, sent as `Authorization: Bearer`. */
  token?: string;
  /** A `session_token` cookie (the key routes take a session only). */
  sessionToken?: string;
  /** Every request gives up after this long (default 30 s). */
  timeoutMs?: number;
  userAgent?: string;
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** A client of every route in /openapi.json, typed by the generated `paths`. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const underlying = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.sessionToken) headers.cookie = `session_token=${options.sessionToken}`;
  if (options.userAgent) headers['user-agent'] = options.userAgent;
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers,
    // Each request has a deadline, so no command waits on a silent server for ever.
    fetch: (request: Request) =>
      underlying(new Request(request, { signal: AbortSignal.timeout(timeoutMs) })),
  });
}

/** openapi-fetch's answer: `data` on 2xx, `error` (the parsed body) otherwise. */
interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The answer's body, or an ApiError carrying the envelope. */
export function unwrap<T>(result: FetchResult<T>): T {
  if (result.response.ok) return result.data as T;
  throw new ApiError(
    result.response.status,
    result.error,
    result.response.headers.get('x-request-id'),
  );
}
