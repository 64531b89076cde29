import { maskTarget } from './hook-view';

describe('masking a hook address', () => {
  it('keeps the scheme, the host (with its port) and the last 4 characters', () => {
    expect(maskTarget('https://hooks.example.com/receive/7f3a9c')).toBe(
      'https://hooks.example.com/…3a9c',
    );
    expect(maskTarget('https://hooks.example.com:8443/in?token=abcdef')).toBe(
      'https://hooks.example.com:8443/…cdef',
    );
  });

  it('never shows a path or query secret in full', () => {
    const secret = 's3cr3t-path-token-0123456789';
    expect(maskTarget(`https://example.org/${secret}`)).not.toContain(secret.slice(0, 10));
  });
});
