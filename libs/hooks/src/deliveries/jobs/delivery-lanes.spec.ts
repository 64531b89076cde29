import fc from 'fast-check';
import { DELIVERY_LANES, laneConcurrency } from './delivery-lanes';

const lanes = (total: number) =>
  Array.from({ length: DELIVERY_LANES }, (_, lane) => laneConcurrency(total, lane));

describe('laneConcurrency', () => {
  it('splits the default evenly', () => {
    expect(lanes(256)).toEqual([64, 64, 64, 64]);
  });

  it('leaves lanes idle when there are fewer attempts than lanes', () => {
    expect(lanes(1)).toEqual([0, 0, 0, 1]);
    expect(lanes(6)).toEqual([1, 1, 2, 2]);
  });

  it('gives every attempt to exactly one lane, no lane more than one above another', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 512 }), (total) => {
        const shares = lanes(total);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
