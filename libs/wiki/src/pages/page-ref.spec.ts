import { AppError } from '@cw/platform';
import { parsePageRef } from './page-ref';

describe('page references', () => {
  it('reads a positive integer as a legacy id and a UUID as a public id, lower-cased', () => {
    expect(parsePageRef('42')).toEqual({ kind: 'legacy', id: '42' });
    expect(parsePageRef('3F2504E0-4F89-11D3-9A0C-0305E82C3301')).toEqual({
      kind: 'public',
      id: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    });
  });

  it('refuses anything else as a validation error on page_id', () => {
    for (const value of ['0', '-1', '042', '1'.repeat(19), 'abc', '3f2504e0-4f89-11d3-9a0c']) {
      let thrown: unknown;
      try {
        parsePageRef(value);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect((thrown as AppError).status).toBe(400);
      expect((thrown as AppError).details?.field).toBe('page_id');
    }
  });
});
