import { noNulCharacter, textProblems, wellFormedUnicode } from './storable-text';

describe('textProblems', () => {
  it('names every string with a NUL by its path, object keys included', () => {
    const body = { title: 'a\u0000b', edits: [{ find: 'ok', replace: '\u0000' }], ['k\u0000']: 1 };
    expect(textProblems(body, noNulCharacter).map((problem) => problem.field)).toEqual([
      'title',
      'edits.0.replace',
      '(body)',
    ]);
  });

  it('uses the parameter name as the root, and (body) for a bare string body', () => {
    expect(textProblems('a\u0000', noNulCharacter, 'page_id')).toEqual([
      {
        field: 'page_id',
        message: 'page_id contains a NUL character (U+0000), which cannot be stored',
      },
    ]);
    expect(textProblems('\u0000', noNulCharacter)[0].field).toBe('(body)');
  });

  it('finds lone surrogates, high or low, and passes well-formed pairs', () => {
    expect(wellFormedUnicode('x\ud800')).toBeDefined();
    expect(wellFormedUnicode('\udc00x')).toBeDefined();
    expect(wellFormedUnicode('\udc00\ud800')).toBeDefined();
    expect(wellFormedUnicode('emoji 😀 and é')).toBeUndefined();
    expect(textProblems({ email: 'a\ud800@x.test' }, wellFormedUnicode)[0].field).toBe('email');
  });

  it('passes clean values of every type and lists at most ten problems', () => {
    expect(textProblems({ a: 1, b: null, c: [true, 'text'], d: {} }, noNulCharacter)).toEqual([]);
    expect(
      textProblems(
        Array.from({ length: 50 }, () => '\u0000'),
        noNulCharacter,
      ),
    ).toHaveLength(10);
  });
});
