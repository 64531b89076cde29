/** Network attempts of one round: the initial delivery, or one replay. */
export const ATTEMPTS_PER_ROUND = 8;

/** The sanitized failure codes a delivery shows (never the receiver's text or an address). */
export type FailureReason =
  `http_${number}` | 'timeout' | 'blocked' | 'request_error' | 'signing_key_unavailable';

/** What became of one send. */
export type SendResult =
  | { kind: 'answered'; status: number }
  /** No answer within the deadline. */
  | { kind: 'timeout' }
  /** The connection failed, was reset, or the name did not resolve. */
  | { kind: 'request_error' }
  /** The address rules refused the address before any connection. */
  | { kind: 'blocked' }
  /** The hook is signed but its key is missing or unreadable: nothing was sent. */
  | { kind: 'signing_key_unavailable' };

export type Settlement =
  | { state: 'delivered'; networkAttempt: true }
  | { state: 'pending'; failureReason: FailureReason; retryInSeconds: number; networkAttempt: true }
  | {
      state: 'failed';
      failureReason: FailureReason;
      networkAttempt: boolean;
      /** A receiver answering 410 ends the hook, not only this delivery. */
      endsHook: boolean;
    };

export interface RetryPolicy {
  baseSeconds: number;
  maxSeconds: number;
}

const RETRYABLE_STATUSES = new Set([408, 425, 429]);

function isRetryable(result: SendResult): boolean {
  switch (result.kind) {
    case 'answered':
      return RETRYABLE_STATUSES.has(result.status) || result.status >= 500;
    case 'timeout':
    case 'request_error':
      return true;
    case 'blocked':
    case 'signing_key_unavailable':
      return false;
  }
}

function failureReasonOf(result: SendResult): FailureReason {
  return result.kind === 'answered' ? `http_${result.status}` : result.kind;
}

/** The wait before the next attempt after `failedInRound` failed ones: base, doubling, capped. */
export function retryWaitSeconds(failedInRound: number, policy: RetryPolicy): number {
  return Math.min(policy.baseSeconds * 2 ** Math.max(0, failedInRound - 1), policy.maxSeconds);
}

/**
 * How one send settles its delivery, given how many network attempts the round had used
 * before it: any 2xx delivers; a timeout, a failed connection, 408, 425, 429 or 5xx waits and
 * retries while the round has attempts left; anything else fails, and 410 also ends the hook.
 */
export function settleAttempt(
  result: SendResult,
  roundAttemptsBefore: number,
  policy: RetryPolicy,
): Settlement {
  if (result.kind === 'answered' && result.status >= 200 && result.status < 300) {
    return { state: 'delivered', networkAttempt: true };
  }
  const networkAttempt = result.kind !== 'blocked' && result.kind !== 'signing_key_unavailable';
  const usedInRound = roundAttemptsBefore + (networkAttempt ? 1 : 0);
  const failureReason = failureReasonOf(result);
  if (networkAttempt && isRetryable(result) && usedInRound < ATTEMPTS_PER_ROUND) {
    return {
      state: 'pending',
      failureReason,
      retryInSeconds: retryWaitSeconds(usedInRound, policy),
      networkAttempt,
    };
  }
  return {
    state: 'failed',
    failureReason,
    networkAttempt,
    endsHook: result.kind === 'answered' && result.status === 410,
  };
}
