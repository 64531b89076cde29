import { FairLanes, LanesClosedError } from './fair-lanes';

/** Work that ends when told, recording when it started. */
function gated(started: string[], name: string): { work: () => Promise<string>; end: () => void } {
  let end = (): void => undefined;
  const done = new Promise<void>((resolve) => (end = resolve));
  return {
    work: async () => {
      started.push(name);
      await done;
      return name;
    },
    end: () => end(),
  };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('FairLanes', () => {
  it('never runs more than the total at once, nor more than the per-lane cap of one lane', async () => {
    const lanes = new FairLanes(3, 2);
    const started: string[] = [];
    const items = ['a1', 'a2', 'a3', 'b1', 'b2'].map((name) => gated(started, name));
    const results = items.map((item, at) => lanes.run(at < 3 ? 'a' : 'b', item.work));
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    expect(lanes.queued).toBe(2);
    items[0].end();
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    for (const item of items) item.end();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'b1', 'b2']);
  });

  it("serves another lane's first work at the next free place, ahead of a long-waiting lane", async () => {
    const lanes = new FairLanes(2, 2);
    const started: string[] = [];
    const burst = Array.from({ length: 50 }, (_, at) => gated(started, `a${at}`));
    const running = burst.map((item) => lanes.run('a', item.work));
    const other = gated(started, 'b0');
    const late = lanes.run('b', other.work);
    await tick();
    burst[0].end();
    await tick();
    expect(started).toEqual(['a0', 'a1', 'b0']);
    other.end();
    for (const item of burst) item.end();
    await Promise.all([...running, late]);
    expect(started).toHaveLength(51);
  });

  it('lends idle places to a lane alone, and gives the next free place to a lane that arrives', async () => {
    const lanes = new FairLanes(3, 2, { lendIdlePlaces: true });
    const started: string[] = [];
    const burst = Array.from({ length: 5 }, (_, at) => gated(started, `a${at}`));
    const running = burst.map((item) => lanes.run('a', item.work));
    await tick();
    expect(started).toEqual(['a0', 'a1', 'a2']);
    const other = gated(started, 'b0');
    const late = lanes.run('b', other.work);
    burst[0].end();
    await tick();
    expect(started).toEqual(['a0', 'a1', 'a2', 'b0']);
    // While b has work running but none waiting, a's next work may take a freed place again.
    burst[1].end();
    await tick();
    expect(started).toEqual(['a0', 'a1', 'a2', 'b0', 'a3']);
    other.end();
    for (const item of burst) item.end();
    await Promise.all([...running, late]);
    expect(started).toHaveLength(6);
  });

  it('refuses waiting work when closed, and lets running work finish', async () => {
    const lanes = new FairLanes(1, 1);
    const started: string[] = [];
    const first = gated(started, 'first');
    const running = lanes.run('a', first.work);
    const waiting = lanes.run('a', () => Promise.resolve('never'));
    lanes.close();
    await expect(waiting).rejects.toBeInstanceOf(LanesClosedError);
    await expect(lanes.run('b', () => Promise.resolve('late'))).rejects.toBeInstanceOf(
      LanesClosedError,
    );
    first.end();
    expect(await running).toBe('first');
  });
});
