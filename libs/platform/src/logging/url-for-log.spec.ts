import { urlForLog } from './url-for-log';

describe('urlForLog', () => {
  it('redacts the token of a webhook trigger and of a public share link', () => {
    expect(urlForLog('/api/workflows/hooks/5b1c/SeCrEt_token-1')).toBe(
      '/api/workflows/hooks/5b1c/[redacted]',
    );
    expect(urlForLog('/api/workflows/hooks/5b1c/SeCrEt?x=1')).toBe(
      '/api/workflows/hooks/5b1c/[redacted]?x=1',
    );
    expect(urlForLog('/public/pages/cwl_abc')).toBe('/public/pages/[redacted]');
  });

  it('leaves every other URL as it is', () => {
    for (const url of ['/api/workflows/3/webhook-link', '/api/wiki/pages/42?x=1', '/health']) {
      expect(urlForLog(url)).toBe(url);
    }
  });
});
