import type { Dispatcher } from 'undici';

/** How a POST whose answer matters only by its status ended. */
export type PostOutcome =
  | { kind: 'answered'; status: number }
  /** No answer's headers within the deadline. */
  | { kind: 'timeout' }
  /** The request failed before an answer: connecting, the lookup, a reset. */
  | { kind: 'failed'; error: Error };

export interface StatusPost {
  url: URL;
  headers: Record<string, string>;
  body: Buffer;
  /** One deadline for the whole attempt: waiting for a connection, sending, the answer. */
  timeoutMs: number;
  /** Bytes of the answer's body read (and dropped) so the connection can be used again. */
  answerReadLimit: number;
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

function isTimeout(error: Error): boolean {
  const { code } = error as { code?: string };
  return error.name === 'TimeoutError' || TIMEOUT_CODES.has(code ?? '');
}

class DeadlineError extends Error {
  override readonly name = 'TimeoutError';

  constructor() {
    super('request deadline');
  }
}

/**
 * Follows one request through undici's handler interface and settles once: on the answer's end,
 * on its failure, or at the deadline. An answer whose status came settles with that status
 * whatever its body then does; a body longer than the read limit, endless or cut off also closes
 * the connection rather than leaving it to be used again.
 */
class StatusHandler implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | null = null;
  private status = 0;
  private answerBytes = 0;
  private settled = false;
  private readonly deadline: NodeJS.Timeout;

  constructor(
    private readonly settle: (outcome: PostOutcome) => void,
    timeoutMs: number,
    private readonly answerReadLimit: number,
  ) {
    this.deadline = setTimeout(() => this.stop(new DeadlineError()), timeoutMs);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    // The deadline passed while the request waited for a connection.
    if (this.settled) controller.abort(new DeadlineError());
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number): void {
    this.status = statusCode;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.answerBytes += chunk.length;
    if (this.answerBytes > this.answerReadLimit) {
      this.stop(new Error('answer longer than the read limit'));
    }
  }

  onResponseEnd(): void {
    // Only a final answer (status 200 or more) has a body and an end.
    this.finish({ kind: 'answered', status: this.status });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.finish(this.outcomeOf(error));
  }

  /** Settles (a timeout, unless the status already came) and abandons the request. */
  stop(reason: Error): void {
    this.finish(this.outcomeOf(reason));
    this.controller?.abort(reason);
  }

  private outcomeOf(error: Error): PostOutcome {
    if (this.status >= 200) return { kind: 'answered', status: this.status };
    return isTimeout(error) ? { kind: 'timeout' } : { kind: 'failed', error };
  }

  private finish(outcome: PostOutcome): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.deadline);
    this.settle(outcome);
  }
}

/**
 * POSTs `body` and settles on the answer's status. Goes through undici's handler interface, not
 * `request()`: a hook's attempt needs no answer stream and no abort signal, and those two cost
 * about as much of the dispatcher's CPU as the rest of the send (docs/benchmarks.md, "The send
 * uses undici's handler interface").
 */
export function postForStatus(dispatcher: Dispatcher, post: StatusPost): Promise<PostOutcome> {
  return new Promise((settle) => {
    const handler = new StatusHandler(settle, post.timeoutMs, post.answerReadLimit);
    try {
      dispatcher.dispatch(
        {
          origin: post.url.origin,
          path: `${post.url.pathname}${post.url.search}`,
          method: 'POST',
          headers: post.headers,
          body: post.body,
        },
        handler,
      );
    } catch (error) {
      handler.stop(error as Error);
    }
  });
}
