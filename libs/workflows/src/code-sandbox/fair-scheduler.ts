/**
 * Runs tasks at most `concurrency` at once and at most one per owner, taking owners in turn
 * (round robin): an owner with many waiting tasks gets one turn while each other waiting owner
 * gets one too, so nobody's queue delays anyone else's by more than one task per slot.
 */
export class FairScheduler {
  /** Owners with waiting tasks, in turn order (a Map keeps insertion order: the ring). */
  private readonly waiting = new Map<string, Array<() => void>>();
  private readonly running = new Set<string>();

  constructor(private readonly concurrency: number) {}

  async schedule<T>(owner: string, task: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      const queue = this.waiting.get(owner);
      if (queue) queue.push(start);
      else this.waiting.set(owner, [start]);
      this.dispatch();
    });
    try {
      return await task();
    } finally {
      this.running.delete(owner);
      this.dispatch();
    }
  }

  /** Tasks waiting for their turn, for tests and metrics. */
  get queued(): number {
    let count = 0;
    for (const queue of this.waiting.values()) count += queue.length;
    return count;
  }

  private dispatch(): void {
    while (this.running.size < this.concurrency) {
      const owner = [...this.waiting.keys()].find((candidate) => !this.running.has(candidate));
      if (owner === undefined) return;
      const queue = this.waiting.get(owner)!;
      const start = queue.shift()!;
      // The owner goes to the back of the ring, behind everyone who waited with it.
      this.waiting.delete(owner);
      if (queue.length > 0) this.waiting.set(owner, queue);
      this.running.add(owner);
      start();
    }
  }
}
