import { runRequestHash } from './run-request-hash';

describe('runRequestHash', () => {
  it('ignores the order of input names', () => {
    expect(runRequestHash('w', { a: 1, b: 'x' }, null)).toEqual(
      runRequestHash('w', { b: 'x', a: 1 }, null),
    );
  });

  it('tells workflow, inputs and title apart', () => {
    const base = runRequestHash('w', { a: 1 }, 't');
    expect(runRequestHash('v', { a: 1 }, 't')).not.toEqual(base);
    expect(runRequestHash('w', { a: 2 }, 't')).not.toEqual(base);
    expect(runRequestHash('w', { a: '1' }, 't')).not.toEqual(base);
    expect(runRequestHash('w', { a: 1 }, null)).not.toEqual(base);
  });
});
