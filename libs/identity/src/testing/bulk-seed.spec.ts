import { bindNamed } from './bulk-seed';

describe('named parameters of seed statements', () => {
  it('numbers each name once, in order of first use, and leaves casts alone', () => {
    expect(
      bindNamed('SELECT :tag::text, :count::int, :tag || :missing', { tag: 't1', count: 3 }),
    ).toEqual(['SELECT $1::text, $2::int, $1 || :missing', ['t1', 3]]);
  });
});
