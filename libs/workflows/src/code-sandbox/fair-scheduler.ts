/**
 * Runs tasks at most `concurrency` at once, at most one per owner and at most `perGroup` per
 * group (a company), taking owners in turn (round robin): an owner with many waiting tasks gets
 * one turn while each other waiting owner gets one too, and one group's owners never hold every
 * slot, so another group's task starts at once while a slot is free for it.
 */
export class FairScheduler {
  /** Owners with waiting tasks, in turn order (a Map keeps insertion order: the ring). */
  private readonly waiting = new Map<string, { group: string; starts: Array<() => void> }>();
  private readonly running = new Set<string>();
  private readonly runningPerGroup = new Map<string, number>();

  constructor(
    private readonly concurrency: number,
    private readonly perGroup: number = concurrency,
  ) {}

  async schedule<T>(owner: string, task: () => Promise<T>, group: string = owner): Promise<T> {
    await new Promise<void>((start) => {
      const queue = this.waiting.get(owner);
      if (queue) queue.starts.push(start);
      else this.waiting.set(owner, { group, starts: [start] });
      this.dispatch();
    });
    try {
      return await task();
    } finally {
      this.running.delete(owner);
      this.runningPerGroup.set(group, (this.runningPerGroup.get(group) ?? 1) - 1);
      if (this.runningPerGroup.get(group) === 0) this.runningPerGroup.delete(group);
      this.dispatch();
    }
  }

  /** Tasks waiting for their turn, for tests and metrics. */
  get queued(): number {
    let count = 0;
    for (const queue of this.waiting.values()) count += queue.starts.length;
    return count;
  }

  private dispatch(): void {
    while (this.running.size < this.concurrency) {
      const owner = [...this.waiting].find(
        ([candidate, { group }]) =>
          !this.running.has(candidate) && (this.runningPerGroup.get(group) ?? 0) < this.perGroup,
      )?.[0];
      if (owner === undefined) return;
      const queue = this.waiting.get(owner)!;
      const start = queue.starts.shift()!;
      // The owner goes to the back of the ring, behind everyone who waited with it.
      this.waiting.delete(owner);
      if (queue.starts.length > 0) this.waiting.set(owner, queue);
      this.running.add(owner);
      this.runningPerGroup.set(queue.group, (this.runningPerGroup.get(queue.group) ?? 0) + 1);
      start();
    }
  }
}
