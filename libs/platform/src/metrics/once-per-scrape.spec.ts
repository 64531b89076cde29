import { oncePerScrape } from './once-per-scrape';

describe('oncePerScrape', () => {
  it('shares a read in flight and reads anew once it settled', async () => {
    let reads = 0;
    const read = oncePerScrape(async () => ++reads);
    expect(await Promise.all([read(), read()])).toEqual([1, 1]);
    expect(await read()).toBe(2);
  });

  it('reads anew after a failed read', async () => {
    let fail = true;
    const read = oncePerScrape(async () => {
      if (fail) throw new Error('down');
      return 'up';
    });
    await expect(read()).rejects.toThrow('down');
    fail = false;
    await expect(read()).resolves.toBe('up');
  });
});
