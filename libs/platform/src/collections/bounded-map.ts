/**
 * A map of at most `capacity` entries for what a process keeps of recent work: setting a key
 * makes it the newest, and setting a new one when full drops the entry set longest ago.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`a bounded map holds at least one entry, not ${capacity}`);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) {
      const [oldest] = this.entries.keys();
      this.entries.delete(oldest);
    }
    this.entries.set(key, value);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
