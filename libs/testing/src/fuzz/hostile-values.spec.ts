import fc from 'fast-check';
import {
  hostileNumber,
  hostileString,
  jsonText,
  nested,
  percentEncode,
  RawJson,
} from './hostile-values';

describe('jsonText', () => {
  it('writes raw pieces verbatim and everything else as JSON', () => {
    expect(jsonText({ a: new RawJson('1e999'), b: ['x\ud800', null] })).toBe(
      '{"a":1e999,"b":["x\\ud800",null]}',
    );
  });

  it('nests arrays or objects to the depth asked', () => {
    expect(jsonText(nested(3))).toBe('[[[1]]]');
    expect(jsonText(nested(2, 'object'))).toBe('{"a":{"a":1}}');
  });
});

describe('percentEncode', () => {
  it('encodes each UTF-16 unit as UTF-8 bytes, a lone surrogate as its CESU-8 bytes', () => {
    expect(percentEncode('a\u0000é')).toBe('%61%00%C3%A9');
    expect(percentEncode('\ud800')).toBe('%ED%A0%80');
  });
});

describe('hostileString and hostileNumber', () => {
  it('produce NULs, lone surrogates, overlong text, and numbers past double and integer range', () => {
    const strings = fc.sample(hostileString(), { seed: 5, numRuns: 500 });
    expect(strings.some((text) => text.includes('\u0000'))).toBe(true);
    expect(strings.some((text) => /\p{Surrogate}/u.test(text))).toBe(true);
    expect(strings.some((text) => text.length > 1_000)).toBe(true);
    const numbers = fc.sample(hostileNumber(), { seed: 5, numRuns: 500 }).map((raw) => raw.text);
    expect(numbers.some((text) => Math.abs(Number(text)) > Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(numbers.some((text) => !Number.isFinite(Number(text)))).toBe(true);
  });
});
