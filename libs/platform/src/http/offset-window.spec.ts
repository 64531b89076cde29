import { offsetWindow } from './offset-window';

describe('offsetWindow', () => {
  it('drops the look-ahead row and points at the next window', () => {
    expect(offsetWindow([1, 2, 3], 2, 10)).toEqual({
      items: [1, 2],
      has_more: true,
      next_offset: 12,
    });
  });

  it('ends when no look-ahead row came back', () => {
    expect(offsetWindow([1, 2], 2, 0)).toEqual({
      items: [1, 2],
      has_more: false,
      next_offset: null,
    });
    expect(offsetWindow([], 5, 40)).toEqual({ items: [], has_more: false, next_offset: null });
  });
});
