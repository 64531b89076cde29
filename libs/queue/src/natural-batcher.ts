interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/**
 * Hands items to `handle` in batches, without waiting to fill one: an item that arrives while
 * no batch is being handled goes at once (with whatever arrived in the same turn of the event
 * loop); items that arrive while one is being handled wait for it and go together next, at most
 * `maxSize` at a time. Idle, each item costs no added latency; busy, the batches grow with the
 * backlog, and so does what each batch saves. A failed batch fails each of its items.
 */
export class NaturalBatcher<T, R> {
  private waiting: Waiting<T, R>[] = [];
  private handling = false;
  private scheduled = false;

  constructor(
    private readonly handle: (items: T[]) => Promise<R[]>,
    private readonly maxSize: number,
  ) {}

  /** Settles with the result `handle` gave this item, or with its batch's failure. */
  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.handling || this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.handleNext();
    });
  }

  private async handleNext(): Promise<void> {
    if (this.handling) return;
    const batch = this.waiting.splice(0, this.maxSize);
    if (batch.length === 0) return;
    this.handling = true;
    try {
      const results = await this.handle(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, index) => waiting.resolve(results[index]));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      this.handling = false;
      this.schedule();
    }
  }
}
