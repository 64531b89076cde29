import { NaturalBatcher } from './natural-batcher';

function deferred(): { promise: Promise<void>; release(): void } {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('NaturalBatcher', () => {
  it('sends an item that finds it idle at once, with those added in the same turn', async () => {
    const batches: number[][] = [];
    const batcher = new NaturalBatcher(async (items: number[]) => {
      batches.push(items);
      return items.map((item) => item * 10);
    }, 100);
    await expect(Promise.all([batcher.add(1), batcher.add(2)])).resolves.toEqual([10, 20]);
    await expect(batcher.add(3)).resolves.toBe(30);
    expect(batches).toEqual([[1, 2], [3]]);
  });

  it('gathers what arrives while a batch is handled into the next one, at most maxSize each', async () => {
    const batches: number[][] = [];
    const gate = deferred();
    const batcher = new NaturalBatcher(async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await gate.promise;
      return items;
    }, 3);
    const first = batcher.add(0);
    await new Promise((resolve) => setImmediate(resolve));
    const rest = [1, 2, 3, 4, 5].map((item) => batcher.add(item));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[0]]);
    gate.release();
    await expect(Promise.all([first, ...rest])).resolves.toEqual([0, 1, 2, 3, 4, 5]);
    expect(batches).toEqual([[0], [1, 2, 3], [4, 5]]);
  });

  it('fails every item of a failed batch, and goes on with the next', async () => {
    let calls = 0;
    const batcher = new NaturalBatcher(async (items: string[]) => {
      calls += 1;
      if (calls === 1) throw new Error('database away');
      return items.map((item) => item.toUpperCase());
    }, 10);
    const failed = [batcher.add('a'), batcher.add('b')];
    await expect(Promise.allSettled(failed)).resolves.toEqual([
      { status: 'rejected', reason: new Error('database away') },
      { status: 'rejected', reason: new Error('database away') },
    ]);
    await expect(batcher.add('c')).resolves.toBe('C');
  });
});
