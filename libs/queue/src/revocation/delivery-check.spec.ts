import { CONFIRMATION_FRESH_MS, DeliveryCheck } from './delivery-check';

describe('DeliveryCheck', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  const answered = () => Promise.resolve('PONG');

  it('vouches for nothing before its first confirmed round trip', () => {
    const check = new DeliveryCheck();
    expect(check.vouchesFor(Date.now(), Date.now())).toBe(false);
  });

  it('vouches for reads made after the subscription was confirmed, while confirmations stay fresh', async () => {
    const check = new DeliveryCheck();
    const before = Date.now() - 1;
    await check.confirm(answered);
    const after = Date.now();
    expect(check.vouchesFor(before, Date.now())).toBe(false);
    expect(check.vouchesFor(after, Date.now())).toBe(true);
    jest.advanceTimersByTime(CONFIRMATION_FRESH_MS + 1);
    expect(check.vouchesFor(after, Date.now())).toBe(false);
    await check.confirm(answered);
    expect(check.vouchesFor(after, Date.now())).toBe(true);
  });

  it('after a break, vouches only for reads made once a new round trip came back', async () => {
    const check = new DeliveryCheck();
    await check.confirm(answered);
    const earlier = Date.now();
    jest.advanceTimersByTime(10);
    check.broken();
    expect(check.vouchesFor(earlier, Date.now())).toBe(false);
    jest.advanceTimersByTime(10);
    await check.confirm(answered);
    expect(check.vouchesFor(earlier, Date.now())).toBe(false);
    expect(check.vouchesFor(Date.now(), Date.now())).toBe(true);
  });

  it('ignores a round trip that comes back over a connection that broke meanwhile', async () => {
    const check = new DeliveryCheck();
    let answer: (value: string) => void = () => undefined;
    const confirming = check.confirm(() => new Promise((resolve) => (answer = resolve)));
    check.broken();
    answer('PONG');
    await confirming;
    expect(check.vouchesFor(Date.now(), Date.now())).toBe(false);
  });

  it('counts a round trip that never comes back as failed', async () => {
    const check = new DeliveryCheck();
    await check.confirm(answered);
    const read = Date.now();
    const confirming = check.confirm(() => new Promise(() => undefined));
    jest.advanceTimersByTime(CONFIRMATION_FRESH_MS + 1);
    await confirming;
    expect(check.vouchesFor(read, Date.now())).toBe(false);
  });
});
