import { MAX_PREPARED_TEXTS, prepared, preparedStatementName } from './prepared-statements';

describe('prepared', () => {
  it('answers the text unchanged and names it after its content, the same name every time', () => {
    const text = 'SELECT id FROM probe WHERE id = ANY($1::int[])';
    expect(prepared(text)).toBe(text);
    const name = preparedStatementName(text);
    expect(name).toMatch(/^cw_[0-9a-f]{24}$/);
    expect(prepared(`${text}`)).toBe(text);
    expect(preparedStatementName(text)).toBe(name);
    expect(preparedStatementName(`${text} `)).toBeUndefined();
    expect(preparedStatementName(prepared(`${text} `))).not.toBe(name);
  });

  it('leaves texts unmarked past the cap, so that texts built with values cannot grow it', async () => {
    // A module of its own: no text marked before.
    await jest.isolateModulesAsync(async () => {
      const fresh = await import('./prepared-statements');
      const texts = Array.from(
        { length: MAX_PREPARED_TEXTS + 10 },
        (_, index) => `SELECT ${index} AS value WHERE $1`,
      );
      for (const text of texts) fresh.prepared(text);
      const named = texts.map((text) => fresh.preparedStatementName(text));
      expect(named.slice(0, MAX_PREPARED_TEXTS).every((name) => name !== undefined)).toBe(true);
      expect(named.slice(MAX_PREPARED_TEXTS)).toEqual(Array(10).fill(undefined));
      expect(new Set(named).size).toBe(MAX_PREPARED_TEXTS + 1);
    });
  });
});
