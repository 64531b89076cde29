import fc from 'fast-check';
import { Pool } from 'undici';
import { answerProblem } from './answer-check';
import { type HostileRequest, hostileRequest, namedCases } from './hostile-input';
import {
  type ErrorFormat,
  type FuzzOperation,
  type OpenApiLike,
  operationsOf,
} from './openapi-operations';

export interface FuzzWalkOptions {
  baseUrl: string;
  /** The description to walk (`/openapi.json`). */
  document: OpenApiLike;
  seed: number;
  /** Random requests per operation, sent after its named cases. */
  runsPerOperation: number;
  /** A fresh session for each operation: some operations sign their caller out. */
  signIn?: () => Promise<{ cookie: string }>;
  /** Path parameter values that exist (a real `page_id`), so requests also reach past the lookup. */
  known?: Readonly<Record<string, string>>;
  /** Requests in flight at once. */
  concurrency?: number;
  say?: (line: string) => void;
}

export interface FuzzFinding {
  operation: string;
  label: string;
  request: string;
  problem: string;
}

export interface FuzzWalkResult {
  operations: number;
  requests: number;
  /** How many answers had each status. */
  statuses: Record<number, number>;
  findings: FuzzFinding[];
}

/** An answer slower than this counts as none (the walk never waits forever). */
const ANSWER_TIMEOUT_MS = 60_000;
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The operation's own seed: adding an operation does not change what the others are sent. */
function seedOf(seed: number, operation: FuzzOperation): number {
  let hash = 0x811c9dc5 ^ seed;
  for (const char of operation.id) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash | 0;
}

function summarize(request: HostileRequest): string {
  const body = request.body === undefined ? '' : ` ${JSON.stringify(request.body.slice(0, 160))}`;
  return `${request.method} ${request.path.slice(0, 160)}${body} (${request.credential})`;
}

interface Outcome {
  /** Absent when no answer came. */
  status?: number;
  problem?: string;
}

async function send(
  pool: Pool,
  request: HostileRequest,
  cookie: string | undefined,
  errorFormat: ErrorFormat | undefined,
): Promise<Outcome> {
  const headers = { ...request.headers };
  if (request.credential === 'session' && cookie) headers.cookie = `session_token=${cookie}`;
  if (request.credential === 'bad-bearer') headers.authorization = 'Bearer not-a-real-token';
  try {
    const answer = await pool.request({
      method: request.method,
      path: request.path,
      headers,
      body: METHODS_WITH_BODY.has(request.method) ? request.body : undefined,
      headersTimeout: ANSWER_TIMEOUT_MS,
      bodyTimeout: ANSWER_TIMEOUT_MS,
    });
    const text = await answer.body.text();
    const problem = answerProblem(
      { status: answer.statusCode, headers: answer.headers, text },
      request.headers['x-request-id'],
      errorFormat,
    );
    return { status: answer.statusCode, problem };
  } catch (error) {
    return { problem: `no answer: ${(error as Error).message}` };
  }
}

async function inParallel<T>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

/**
 * Walks every operation of an OpenAPI description with the named bad-input cases and random
 * hostile requests, and reports each answer that breaks the platform contract: a 5xx, an answer
 * without `X-Request-Id`, an error outside the envelope, or no answer at all.
 */
export async function runFuzzWalk(options: FuzzWalkOptions): Promise<FuzzWalkResult> {
  const operations = operationsOf(options.document);
  const known = options.known ?? {};
  const concurrency = options.concurrency ?? 4;
  const pool = new Pool(options.baseUrl, { connections: concurrency });
  const findings: FuzzFinding[] = [];
  const statuses: Record<number, number> = {};
  let requests = 0;
  try {
    for (const operation of operations) {
      const cookie = options.signIn ? (await options.signIn()).cookie : undefined;
      const batch = [
        ...namedCases(operation, known),
        ...fc.sample(hostileRequest(operation, known), {
          seed: seedOf(options.seed, operation),
          numRuns: options.runsPerOperation,
        }),
      ];
      const before = findings.length;
      await inParallel(batch, concurrency, async (request) => {
        const { status, problem } = await send(pool, request, cookie, operation.errorFormat);
        if (status !== undefined) statuses[status] = (statuses[status] ?? 0) + 1;
        if (problem) {
          findings.push({
            operation: operation.id,
            label: request.label,
            request: summarize(request),
            problem,
          });
        }
      });
      requests += batch.length;
      options.say?.(
        `${operation.id}: ${batch.length} requests, ${findings.length - before} findings`,
      );
    }
  } finally {
    await pool.close();
  }
  return { operations: operations.length, requests, statuses, findings };
}

/** Findings grouped by operation and problem, one line each, for a test failure or a report. */
export function summarizeFindings(findings: readonly FuzzFinding[], examples = 1): string[] {
  const groups = new Map<string, FuzzFinding[]>();
  for (const finding of findings) {
    const key = `${finding.operation}: ${finding.problem.slice(0, 100)}`;
    groups.set(key, [...(groups.get(key) ?? []), finding]);
  }
  return [...groups.entries()].map(
    ([key, group]) =>
      `${key} (${group.length}x, e.g. ${group
        .slice(0, examples)
        .map((each) => `${each.label}: ${each.request}`)
        .join('; ')})`,
  );
}
