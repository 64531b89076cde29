/** How a keyed write (a run start with its `run_request_id`) is retried. */
export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The wait before the second try; it doubles up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, baseDelayMs: 500, maxDelayMs: 8_000 };

/**
 * A failure worth another try of the same keyed request: a 5xx, or no answer at all (`send`
 * throws only when fetch does: a refused or dropped connection, or the deadline).
 */
export function isRetryable(outcome: { response?: Response; error?: unknown }): boolean {
  if (outcome.response) return outcome.response.status >= 500;
  return outcome.error !== undefined;
}

/** Waits before try `attempt + 1`: a 503's `Retry-After` when given (within the cap), else backoff. */
export function retryDelayMs(policy: RetryPolicy, attempt: number, response?: Response): number {
  const retryAfter = Number(response?.headers.get('retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter > 0)
    return Math.min(retryAfter * 1000, policy.maxDelayMs);
  return Math.min(policy.baseDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
}

/**
 * Runs `send` until it answers below 500, or the tries run out. Only for requests that carry their
 * own idempotency key: every try must be the same request, so a lost answer is never a second
 * write.
 */
export async function withRetries<T extends { response: Response }>(
  send: () => Promise<T>,
  policy: RetryPolicy = DEFAULT_RETRY,
  onRetry?: (attempt: number, reason: string) => void,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let result: T | undefined;
    let failure: unknown;
    try {
      result = await send();
    } catch (error) {
      failure = error;
    }
    const last = attempt >= policy.attempts;
    if (result && (!isRetryable({ response: result.response }) || last)) return result;
    if (!result && (!isRetryable({ error: failure }) || last)) throw failure;
    onRetry?.(attempt, result ? `HTTP ${result.response.status}` : describeNetworkError(failure));
    await new Promise((resolve) =>
      setTimeout(resolve, retryDelayMs(policy, attempt, result?.response)),
    );
  }
}

/** fetch's "fetch failed" hides the reason in `cause` (ECONNRESET, ECONNREFUSED, …). */
export function describeNetworkError(error: unknown): string {
  // Duck-typed: errors from another realm (a test runner's) fail `instanceof Error`.
  const { message, cause } = (error ?? {}) as { message?: unknown; cause?: unknown };
  if (typeof message !== 'string') return String(error);
  const { code, message: causeMessage } = (cause ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') return `${message} (${code})`;
  if (typeof causeMessage === 'string') return `${message} (${causeMessage})`;
  return message;
}
