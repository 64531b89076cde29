import { PeriodicPass } from './periodic-pass';

describe('PeriodicPass', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const logger = () => ({ warn: jest.fn() });

  it('runs the pass every interval, and at once when asked', async () => {
    const pass = jest.fn().mockResolvedValue(undefined);
    const periodic = new PeriodicPass('the sweep', pass, logger());
    periodic.start(1_000, { now: true });
    expect(pass).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(3_000);
    expect(pass).toHaveBeenCalledTimes(4);
    periodic.stop();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(pass).toHaveBeenCalledTimes(4);
  });

  it('never runs two passes at once: a pass due while one runs is skipped', async () => {
    let finish = () => {};
    const pass = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const periodic = new PeriodicPass('the sweep', pass, logger());
    periodic.start(1_000);
    await jest.advanceTimersByTimeAsync(3_000);
    expect(pass).toHaveBeenCalledTimes(1);
    finish();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(pass).toHaveBeenCalledTimes(2);
    periodic.stop();
  });

  it('logs a failed pass and runs the next one', async () => {
    const log = logger();
    const pass = jest
      .fn()
      .mockRejectedValueOnce(new Error('database away'))
      .mockResolvedValue(undefined);
    const periodic = new PeriodicPass('the sweep', pass, log);
    await periodic.run();
    expect(log.warn).toHaveBeenCalledWith('the sweep failed: database away');
    await periodic.run();
    expect(pass).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });
});
