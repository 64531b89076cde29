import { COMPANY_REF_PATTERN, parseCompanyRef } from './company-ref';

describe('company_id', () => {
  it('is a UUID (any case) or an integer >= 1', () => {
    for (const good of ['1', '42', '123456789012345678', 'A1B2C3D4-0000-4000-8000-00000000000F']) {
      expect(COMPANY_REF_PATTERN.test(good)).toBe(true);
    }
    for (const bad of ['0', '-1', '01', '1.5', '1234567890123456789', 'acme', '', 'a1b2c3d4']) {
      expect(COMPANY_REF_PATTERN.test(bad)).toBe(false);
    }
  });

  it('parses to its kind, a UUID lower-cased', () => {
    expect(parseCompanyRef('7')).toEqual({ kind: 'legacy', id: '7' });
    expect(parseCompanyRef('A1B2C3D4-0000-4000-8000-00000000000F')).toEqual({
      kind: 'uuid',
      id: 'a1b2c3d4-0000-4000-8000-00000000000f',
    });
  });
});
