import type { Pool as HttpPool } from 'undici';

export interface BenchAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** One JSON request on a bench client's pool, with a bearer token when given. */
export async function benchCall(
  http: HttpPool,
  method: 'GET' | 'POST',
  path: string,
  token: string | null,
  body?: unknown,
): Promise<BenchAnswer> {
  const response = await http.request({
    method,
    path,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.body.text();
  return {
    status: response.statusCode,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

/** The value at `fraction` of ascending `sorted` (nearest rank); NaN when empty. */
export const percentile = (sorted: readonly number[], fraction: number): number =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1))];
