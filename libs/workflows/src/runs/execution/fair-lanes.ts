/** Work given to lanes that were closed (the process is shutting down) before its turn came. */
export class LanesClosedError extends Error {
  constructor() {
    super('the process is shutting down: the work was not started');
  }
}

interface Waiter {
  start: () => void;
  refuse: (error: Error) => void;
}

/**
 * Runs work under a cap of `total` at once, of which at most `perLane` of any one lane (a
 * company). Work that cannot start waits in its lane; a place that frees goes to the lane with
 * waiting work and room that started work least recently, so a lane with thousands waiting
 * delays another lane's first work by no more than one place freeing. Within a lane, first come,
 * first served.
 *
 * With `lendIdlePlaces`, a lane may take places past `perLane` while no other lane has work
 * waiting: for short work (statements), where a place held past the cap frees within
 * milliseconds, so one company alone uses the whole gate and another's work, once it arrives,
 * takes the next place that frees.
 */
export interface FairLanesOptions {
  lendIdlePlaces?: boolean;
}

export class FairLanes {
  private running = 0;
  private readonly runningOf = new Map<string, number>();
  private readonly waiting = new Map<string, Waiter[]>();
  /** When each lane with work running or waiting last started work (a counter). */
  private readonly lastStart = new Map<string, number>();
  private starts = 0;
  private closed = false;

  constructor(
    readonly total: number,
    readonly perLane: number,
    private readonly options: FairLanesOptions = {},
  ) {}

  async run<T>(lane: string, work: () => Promise<T>): Promise<T> {
    if (this.closed) throw new LanesClosedError();
    if (!this.waiting.has(lane) && this.hasRoom(lane)) this.take(lane);
    else await this.enqueue(lane);
    try {
      return await work();
    } finally {
      this.release(lane);
    }
  }

  /** How much work waits for its turn, all lanes together. */
  get queued(): number {
    let count = 0;
    for (const queue of this.waiting.values()) count += queue.length;
    return count;
  }

  /** Refuses every waiting work with `LanesClosedError`, and any given later. */
  close(): void {
    this.closed = true;
    const waiters = [...this.waiting.values()].flat();
    this.waiting.clear();
    for (const waiter of waiters) waiter.refuse(new LanesClosedError());
  }

  private enqueue(lane: string): Promise<void> {
    return new Promise<void>((start, refuse) => {
      const queue = this.waiting.get(lane);
      if (queue) queue.push({ start, refuse });
      else this.waiting.set(lane, [{ start, refuse }]);
    });
  }

  private hasRoom(lane: string): boolean {
    if (this.running >= this.total) return false;
    if ((this.runningOf.get(lane) ?? 0) < this.perLane) return true;
    return this.options.lendIdlePlaces === true && !this.othersWait(lane);
  }

  private othersWait(lane: string): boolean {
    for (const waiting of this.waiting.keys()) if (waiting !== lane) return true;
    return false;
  }

  private take(lane: string): void {
    this.running += 1;
    this.runningOf.set(lane, (this.runningOf.get(lane) ?? 0) + 1);
    this.lastStart.set(lane, ++this.starts);
  }

  private release(lane: string): void {
    this.running -= 1;
    const left = (this.runningOf.get(lane) ?? 1) - 1;
    if (left === 0) {
      this.runningOf.delete(lane);
      if (!this.waiting.has(lane)) this.lastStart.delete(lane);
    } else this.runningOf.set(lane, left);
    this.dispatch();
  }

  private dispatch(): void {
    while (this.running < this.total) {
      let turn: string | undefined;
      for (const lane of this.waiting.keys()) {
        if (!this.hasRoom(lane)) continue;
        if (turn === undefined || this.startedOf(lane) < this.startedOf(turn)) turn = lane;
      }
      if (turn === undefined) return;
      const queue = this.waiting.get(turn)!;
      const next = queue.shift()!;
      if (queue.length === 0) this.waiting.delete(turn);
      this.take(turn);
      next.start();
    }
  }

  private startedOf(lane: string): number {
    return this.lastStart.get(lane) ?? 0;
  }
}
