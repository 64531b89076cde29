import { type ConsumingWorker, consumedQueueCheck } from './consumed-queue.check';

function worker(state: { running?: boolean; paused?: boolean; status?: string }): ConsumingWorker {
  return {
    isRunning: () => state.running ?? true,
    isPaused: () => state.paused ?? false,
    client: Promise.resolve({
      status: state.status ?? 'ready',
    }) as unknown as ConsumingWorker['client'],
  };
}

const signal = new AbortController().signal;

describe('consumedQueueCheck', () => {
  it('is one entry for all the workers of a queue, up while every running one is', async () => {
    const check = consumedQueueCheck('hook-deliveries', [worker({}), worker({})]);
    expect(check.name).toBe('queue:hook-deliveries');
    expect(check.isApplicable?.()).toBe(true);
    await expect(check.probe(signal)).resolves.toBeUndefined();
  });

  it('is down when any running worker is paused or its connection is not ready', async () => {
    await expect(
      consumedQueueCheck('q', [worker({}), worker({ paused: true })]).probe(signal),
    ).rejects.toThrow('worker paused');
    await expect(
      consumedQueueCheck('q', [worker({ status: 'reconnecting' }), worker({})]).probe(signal),
    ).rejects.toThrow('connection reconnecting');
  });

  it('leaves out workers that do not run, and the queue while none does', async () => {
    const idle = worker({ running: false, paused: true, status: 'end' });
    expect(consumedQueueCheck('q', [idle, idle]).isApplicable?.()).toBe(false);
    await expect(
      consumedQueueCheck('q', [idle, worker({})]).probe(signal),
    ).resolves.toBeUndefined();
  });
});
