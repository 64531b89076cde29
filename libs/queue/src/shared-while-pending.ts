/**
 * Wraps a Redis read so that callers arriving while one is unanswered share it: against a Redis
 * that takes commands but stops answering, repeated probes and scrapes wait on that one command
 * (each caller under its own deadline) instead of piling more onto the shared connection.
 */
export function sharedWhilePending<T>(work: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= work().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}
