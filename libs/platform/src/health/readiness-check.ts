/** One dependency a process needs to serve: one entry of the `/ready` body. */
export interface ReadinessCheck {
  /** The entry's key: `database`, `redis`, `migrations`, `queue:workflow-runs`… */
  readonly name: string;
  /**
   * Resolves when the dependency is usable, rejects when not. Cut off after the readiness
   * deadline (`signal` aborts then); a `ReadinessFailure`'s message is shown as it is.
   */
  probe(signal: AbortSignal): Promise<void>;
  /** False leaves the entry out for now (a queue whose worker this process does not run). */
  isApplicable?(): boolean;
}

/** A failed check whose message is safe to show on the public `/ready` route. */
export class ReadinessFailure extends Error {
  override readonly name = 'ReadinessFailure';
}
