import { decodeCursor, encodeCursor } from './sync-cursor';

describe('sync cursor', () => {
  const position = { updatedAt: '2026-01-02T03:04:05.123456Z', id: '42' };

  it('round-trips a position to the microsecond, as opaque base64url', () => {
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'a+b/c=='],
    ['not JSON', Buffer.from('hello').toString('base64url')],
    ['wrong version', encode({ v: 2, t: position.updatedAt, id: '42' })],
    ['numeric id', encode({ v: 1, t: position.updatedAt, id: 42 })],
    ['id zero', encode({ v: 1, t: position.updatedAt, id: '0' })],
    ['millisecond time', encode({ v: 1, t: '2026-01-02T03:04:05.123Z', id: '42' })],
    ['impossible day', encode({ v: 1, t: '2026-02-30T03:04:05.123456Z', id: '42' })],
    ['SQL in the time', encode({ v: 1, t: "2026-01-02'; --", id: '42' })],
  ])('refuses a cursor that is %s with VALIDATION_ERROR on the field', (_name, cursor) => {
    let thrown: unknown;
    try {
      decodeCursor(cursor);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      code: 'VALIDATION_ERROR',
      status: 400,
      details: { field: 'cursor' },
    });
  });
});

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
