import { FairScheduler } from './fair-scheduler';

/** A task that runs until `release` is called, recording that it started. */
function gate(started: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    release: () => release(),
    task: async () => {
      started.push(name);
      await done;
      return name;
    },
  };
}

describe('FairScheduler', () => {
  it('gives an owner with many waiting tasks one turn while each other owner gets one', async () => {
    const scheduler = new FairScheduler(1);
    const started: string[] = [];
    const a = ['a1', 'a2', 'a3', 'a4'].map((name) => gate(started, name));
    const b = gate(started, 'b1');
    const running = [
      ...a.map((g) => scheduler.schedule('a', g.task)),
      scheduler.schedule('b', b.task),
    ];
    for (const g of [...a, b]) g.release();
    await Promise.all(running);
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
  });

  it("keeps a slot free of one group's owners, so another group's task starts at once", async () => {
    const scheduler = new FairScheduler(2, 1);
    const started: string[] = [];
    const noisy = ['n1', 'n2', 'n3'].map((name) => gate(started, name));
    const quiet = gate(started, 'q1');
    const running = noisy.map((g, index) => scheduler.schedule(`noisy-${index}`, g.task, 'noisy'));
    await Promise.resolve();
    expect(started).toEqual(['n1']);
    expect(scheduler.queued).toBe(2);
    const quietRun = scheduler.schedule('quiet', quiet.task, 'quiet');
    await Promise.resolve();
    expect(started).toEqual(['n1', 'q1']);
    quiet.release();
    await quietRun;
    for (const g of noisy) g.release();
    await Promise.all(running);
    expect(started).toEqual(['n1', 'q1', 'n2', 'n3']);
  });
});
