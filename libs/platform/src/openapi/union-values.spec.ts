import { unionValues } from './union-values';

type Lane = 'private' | 'team' | 'company';

describe('unionValues', () => {
  it('lists every value of the union, in the order written', () => {
    expect(unionValues<Lane>({ private: true, team: true, company: true })).toEqual([
      'private',
      'team',
      'company',
    ]);
  });
});
