import { groupBy } from './group-by';

describe('groupBy', () => {
  it('keeps each group in the items’ order and the groups in the order of their first key', () => {
    const grouped = groupBy(['bb', 'a', 'cc', 'b', 'aaa'], (word) => word.length);
    expect([...grouped]).toEqual([
      [2, ['bb', 'cc']],
      [1, ['a', 'b']],
      [3, ['aaa']],
    ]);
  });

  it('groups the values valueOf gives, and nothing for no items', () => {
    const rows = [
      { run: 'r1', step: 0 },
      { run: 'r2', step: 0 },
      { run: 'r1', step: 1 },
    ];
    expect(
      groupBy(
        rows,
        (row) => row.run,
        (row) => row.step,
      ),
    ).toEqual(
      new Map([
        ['r1', [0, 1]],
        ['r2', [0]],
      ]),
    );
    expect(groupBy([], (item: string) => item).size).toBe(0);
  });
});
