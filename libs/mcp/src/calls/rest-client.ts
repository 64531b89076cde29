import { Injectable } from '@nestjs/common';
import { request } from 'undici';
import type { ToolRoute } from '../catalog/tool-route';
import { RestTarget } from './rest-target';

/** The caller whose token every REST call carries, and the request id it continues. */
export interface Caller {
  token: string;
  requestId: string;
}

export interface RouteCall {
  path: Record<string, string>;
  query: Record<string, unknown>;
  body?: Record<string, unknown>;
}

export interface RestAnswer {
  status: number;
  body: unknown;
  retryAfter?: string;
}

/** A REST answer outside 2xx: the tool reports it as an `isError` result. */
export class RestRefusal extends Error {
  constructor(readonly answer: RestAnswer) {
    super(`REST answered ${answer.status}`);
    this.name = 'RestRefusal';
  }
}

/** The REST routes could not be reached at all. */
export class RestUnreachable extends Error {
  override name = 'RestUnreachable';
}

const ANSWER_TIMEOUT_MS = 120_000;

function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      search.append(name, typeof item === 'string' ? item : JSON.stringify(item));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

function parsed(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function urlOf(route: ToolRoute, call: RouteCall): string {
  const path = route.path.replace(/\{([^}]+)\}/g, (_whole, name: string) =>
    encodeURIComponent(call.path[name] ?? ''),
  );
  return `${path}${queryString(call.query)}`;
}

/** Calls one described route with the caller's bearer token; a refusal throws `RestRefusal`. */
@Injectable()
export class RestClient {
  constructor(private readonly target: RestTarget) {}

  async call(route: ToolRoute, call: RouteCall, caller: Caller): Promise<unknown> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${caller.token}`,
      accept: 'application/json',
      'x-request-id': caller.requestId,
    };
    const hasBody = route.body !== null;
    if (hasBody) headers['content-type'] = 'application/json';
    let answer: RestAnswer;
    try {
      const response = await request(`${this.target.baseUrl()}${urlOf(route, call)}`, {
        method: route.method,
        headers,
        body: hasBody ? JSON.stringify(call.body ?? {}) : undefined,
        headersTimeout: ANSWER_TIMEOUT_MS,
        bodyTimeout: ANSWER_TIMEOUT_MS,
      });
      const text = await response.body.text();
      const retryAfter = response.headers['retry-after'];
      answer = {
        status: response.statusCode,
        body: parsed(text),
        retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
      };
    } catch (error) {
      throw new RestUnreachable(`the API did not answer: ${String(error)}`, { cause: error });
    }
    if (answer.status < 200 || answer.status > 299) throw new RestRefusal(answer);
    return answer.body;
  }
}
