import fc from 'fast-check';
import { BoundedMap } from './bounded-map';

describe('BoundedMap', () => {
  it('drops the entry set longest ago once full, and a key set again counts as new', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 3);
    map.set('c', 4);
    expect([map.get('a'), map.get('b'), map.get('c'), map.size]).toEqual([3, undefined, 4, 2]);
    map.delete('a');
    expect([map.get('a'), map.size]).toEqual([undefined, 1]);
  });

  it('holds exactly the last `capacity` distinct keys set, each with its last value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer())),
        (capacity, writes) => {
          const map = new BoundedMap<number, number>(capacity);
          for (const [key, value] of writes) map.set(key, value);
          const lastValue = new Map<number, number>();
          for (const [key, value] of writes) {
            lastValue.delete(key);
            lastValue.set(key, value);
          }
          const kept = [...lastValue].slice(-capacity);
          expect(map.size).toBe(kept.length);
          for (const [key, value] of kept) expect(map.get(key)).toBe(value);
        },
      ),
    );
  });

  it('refuses a capacity below one', () => {
    expect(() => new BoundedMap(0)).toThrow(RangeError);
    expect(() => new BoundedMap(1.5)).toThrow(RangeError);
  });
});
