import fc from 'fast-check';

/**
 * Hostile values for the fuzz walk's requests: strings with NULs and lone surrogates, numbers
 * past every range, deep nesting, odd field names, and JSON text that keeps them as sent.
 */

/** JSON text kept as it is when a body is written (numbers past double range, deep nesting). */
export class RawJson {
  constructor(readonly text: string) {}
}

export type JsonLike = RawJson | null | boolean | number | string | JsonLike[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonLike;
}

/** Writes a value as JSON text, `RawJson` pieces verbatim. */
export function jsonText(value: JsonLike): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).map(
      ([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`,
    );
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The bad values the probe of issue 8 found answering 500, and their kin. */
export const NAMED_STRINGS = {
  nul: 'a\u0000b',
  loneHighSurrogate: 'x\ud800',
  loneLowSurrogate: '\udc00y',
  overlong: 'x'.repeat(20_000),
} as const;

const ODD_STRINGS = [
  '',
  ' ',
  '\t\r\n',
  '\u0000',
  '\u202e\u2066rtl',
  '\ufeffbom',
  '\uffff',
  '😀'.repeat(40),
  "' OR 1=1 --",
  '"; DROP TABLE pages; --',
  '../../etc/passwd',
  '%00',
  '%ff',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  'null',
  'true',
  '-1',
  '1e309',
  '__proto__',
];

/** A string with a lone surrogate or a NUL somewhere inside ordinary text. */
const brokenText = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff'),
    fc.string({ maxLength: 12 }),
  )
  .map(([before, bad, after]) => `${before}${bad}${after}`);

export function hostileString(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...Object.values(NAMED_STRINGS), ...ODD_STRINGS),
    brokenText,
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.integer({ min: 300, max: 30_000 }).map((length) => 'y'.repeat(length)),
  );
}

/** Numbers past every column's range, fractions, negatives, and JSON-only forms. */
const NUMBER_TEXTS = [
  '99999999999999999999',
  '-99999999999999999999',
  '2147483648',
  '9007199254740993',
  '1e20',
  '1e309',
  '-1e309',
  '-1',
  '0',
  '-0',
  '0.5',
  '5e-324',
  '1E2',
];

export function hostileNumber(): fc.Arbitrary<RawJson> {
  return fc
    .oneof(
      fc.constantFrom(...NUMBER_TEXTS),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
      fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
    )
    .map((text) => new RawJson(text));
}

/** Arrays (or objects) nested `depth` levels around a value. */
export function nested(depth: number, kind: 'array' | 'object' = 'array'): RawJson {
  const [open, close] = kind === 'array' ? ['[', ']'] : ['{"a":', '}'];
  return new RawJson(`${open.repeat(depth)}1${close.repeat(depth)}`);
}

export function hostileValue(): fc.Arbitrary<JsonLike> {
  const leaf = fc.oneof(
    hostileString(),
    hostileNumber(),
    fc.constantFrom<JsonLike>(null, true, false, [], {}),
    fc
      .constantFrom(65, 2_000)
      .chain((depth) => fc.constantFrom(nested(depth), nested(depth, 'object'))),
  );
  return fc.oneof(
    { weight: 4, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(hostileKey(), leaf, { maxKeys: 3 }) },
  );
}

export function hostileKey(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'extra', '', 'a\u0000b', 'x\ud800', '$where'),
    fc.string({ maxLength: 10 }),
  );
}

/** Encodes a string's UTF-16 units as UTF-8 (CESU-8 for lone surrogates), byte by byte. */
export function percentEncode(text: string): string {
  let encoded = '';
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    const bytes =
      unit < 0x80
        ? [unit]
        : unit < 0x800
          ? [0xc0 | (unit >> 6), 0x80 | (unit & 0x3f)]
          : [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
    encoded += bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return encoded;
}
