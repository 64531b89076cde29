import { redactSecrets, urlForLog } from './url-for-log';

const SHARE = 'cwl_P--83oqjOPMMFwPkc_LfESpcUTRTOJjDLN3A34p4FBU';
const HOOK = 'kQ2mZ0yq0Jt4X1b9wE8rS7uV6aB5cD4eF3gH2iJ1k0L';

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

  it('redacts them however the route is spelt: case, repeated slashes, escapes, a tail', () => {
    for (const url of [
      `/PUBLIC/Pages/${SHARE}`,
      `//public//pages/${SHARE}`,
      `/public/pages/${SHARE}/`,
      `/public/pages/${SHARE}/x?y=1`,
      `/%70ublic/pages/%63wl_${SHARE.slice(4)}`,
      `/public/page/${SHARE}`,
      `/api/workflow/hooks/5b1c/${HOOK}`,
      `//api/workflows/HOOKS/5b1c//${HOOK}`,
      `/x?token=${HOOK.slice(0, 20)}`,
    ]) {
      const logged = urlForLog(url);
      expect({ url, logged }).toEqual({ url, logged: expect.stringContaining('[redacted]') });
      expect({
        url,
        leaked: [SHARE.slice(4), HOOK.slice(0, 20)].filter((s) => logged.includes(s)),
      }).toEqual({ url, leaked: [] });
    }
    expect(urlForLog('/x?lease_token=abc&page=2')).toBe('/x?lease_token=[redacted]&page=2');
  });

  it('leaves every other URL as it is', () => {
    for (const url of [
      '/api/workflows/3/webhook-link',
      '/api/wiki/pages/42?x=1',
      '/api/wiki/pages/09369aee-a90e-47e2-8c3e-9e7469281c89/versions?limit=10&offset=20',
      '/health',
      '/api/wiki/search?q=%E2%9C%93',
    ]) {
      expect(urlForLog(url)).toBe(url);
    }
  });
});

describe('redactSecrets', () => {
  it('redacts credentials quoted anywhere in a message or a stack', () => {
    expect(redactSecrets(`Cannot GET /public/pages/${SHARE}/x`)).toBe(
      'Cannot GET /public/pages/[redacted]/x',
    );
    expect(redactSecrets(`Error: bad key cwk_${HOOK}\n    at f (/app/x.js:1:2)`)).toBe(
      'Error: bad key cwk_[redacted]\n    at f (/app/x.js:1:2)',
    );
  });
});
