import { sharedWhilePending } from './shared-while-pending';

describe('sharedWhilePending', () => {
  it('gives callers that arrive while a call is unanswered that same call, and calls again after it settled', async () => {
    let calls = 0;
    let answer: (value: number) => void = () => undefined;
    const read = sharedWhilePending(
      () =>
        new Promise<number>((resolve) => {
          calls += 1;
          answer = resolve;
        }),
    );
    const first = read();
    const second = read();
    expect(calls).toBe(1);
    answer(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    const third = read();
    expect(calls).toBe(2);
    answer(8);
    expect(await third).toBe(8);
  });

  it('lets the next caller try again after a failure', async () => {
    let calls = 0;
    const read = sharedWhilePending(async () => {
      calls += 1;
      if (calls === 1) throw new Error('Redis away');
      return 'ok';
    });
    await expect(read()).rejects.toThrow('Redis away');
    await expect(read()).resolves.toBe('ok');
  });
});
