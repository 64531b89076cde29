export interface HttpResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  token?: string;
  cookie?: string;
}

/** A small fetch wrapper for tests: JSON in and out, bearer or cookie credentials. */
export async function call<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | Buffer | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = `session_token=${options.cookie}`;
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

export function sessionCookieOf(result: HttpResult<unknown>): string {
  const setCookie = result.headers.get('set-cookie') ?? '';
  const match = /session_token=([^;]+)/.exec(setCookie);
  if (!match) throw new Error(`no session cookie in response (status ${result.status})`);
  return match[1];
}
