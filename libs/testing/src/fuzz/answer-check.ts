import type { ErrorFormat } from './openapi-operations';

/** What the walk saw of one answer. */
export interface Answer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
const ERROR_CODE = /^[A-Z][A-Z0-9_]*$/;

function headerOf(answer: Answer, name: string): string | undefined {
  const value = answer.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function envelopeProblem(text: string, requestId: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `the error answer is not JSON: ${JSON.stringify(text.slice(0, 120))}`;
  }
  const envelope = body as { success?: unknown; error?: Record<string, unknown> } | null;
  const error = envelope?.error;
  if (envelope?.success !== false || typeof error !== 'object' || error === null) {
    return `the error answer is not the envelope: ${text.slice(0, 120)}`;
  }
  if (typeof error.code !== 'string' || !ERROR_CODE.test(error.code))
    return 'error.code is missing';
  if (typeof error.message !== 'string' || error.message === '') return 'error.message is missing';
  if (typeof error.timestamp !== 'string' || Number.isNaN(Date.parse(error.timestamp))) {
    return 'error.timestamp is missing';
  }
  if (error.request_id !== requestId) return 'error.request_id differs from X-Request-Id';
  return undefined;
}

/** RFC 6749 5.2: `{error, error_description}`. */
function oauthErrorProblem(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: unknown } | null;
    if (typeof body?.error === 'string' && /^[a-z_]+$/.test(body.error)) return undefined;
  } catch {
    // reported below
  }
  return `the error answer is not an OAuth error: ${text.slice(0, 120)}`;
}

/** Whether an error answer takes the operation's `x-error-format` (every one of an OAuth endpoint). */
function takesFormat(format: ErrorFormat, status: number): boolean {
  return format === 'oauth' || [400, 401, 403].includes(status);
}

/**
 * Why an answer breaks the platform contract, or nothing: a 5xx to a client's input, an answer
 * without `X-Request-Id` (or one that dropped the client's well-formed id), an error outside the
 * envelope (or outside the format the operation declares: OAuth errors, browser pages).
 */
export function answerProblem(
  answer: Answer,
  sentRequestId?: string,
  errorFormat?: ErrorFormat,
): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 200)}`;
  const requestId = headerOf(answer, 'x-request-id');
  if (!requestId) return `answered ${answer.status} without X-Request-Id`;
  if (sentRequestId && WELL_FORMED_REQUEST_ID.test(sentRequestId) && requestId !== sentRequestId) {
    return 'replaced a well-formed X-Request-Id';
  }
  if (errorFormat && answer.status >= 400 && takesFormat(errorFormat, answer.status)) {
    const problem =
      errorFormat === 'oauth'
        ? oauthErrorProblem(answer.text)
        : /^text\/html/.test(headerOf(answer, 'content-type') ?? '')
          ? undefined
          : 'the refusal is not a page';
    return problem ? `answered ${answer.status}, but ${problem}` : undefined;
  }
  if (answer.status >= 400) {
    const problem = envelopeProblem(answer.text, requestId);
    if (problem) return `answered ${answer.status}, but ${problem}`;
  }
  return undefined;
}
