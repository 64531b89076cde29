import type { AppError } from '@cw/platform';
import { forwardingRefusal, forwardingTarget } from './forwarding-target';

// reply-from's own URL check, to see what the proxy does with the error it throws.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildURL } = require('@fastify/reply-from/lib/utils') as {
  buildURL: (source: string, base?: string) => URL;
};

const BASE = 'http://127.0.0.1:3001';

function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

describe('forwardingTarget', () => {
  it('joins the base and the routed path, re-encoding nothing that matters', () => {
    expect(forwardingTarget(BASE, '/public/pages/cwl_abc')).toBe(`${BASE}/public/pages/cwl_abc`);
    expect(forwardingTarget(BASE, '/api/wiki/pages/a%2Fb')).toBe(`${BASE}/api/wiki/pages/a%2Fb`);
    expect(forwardingTarget(BASE, '//api/wiki')).toBe(`${BASE}//api/wiki`);
  });

  it('refuses with 400 a path the URL parser would send elsewhere', () => {
    for (const path of [
      '/public/pages/%2e%2e/api',
      '/public/pages/./x',
      '/public/pages/x\\..\\y',
    ]) {
      const error = thrownBy(() => forwardingTarget(BASE, path));
      expect({ path, status: (error as AppError).status }).toEqual({ path, status: 400 });
    }
  });
});

describe('forwardingRefusal', () => {
  it("turns reply-from's refusal of a double-encoded dot segment into 400 BAD_REQUEST", () => {
    const error = thrownBy(() => buildURL(`${BASE}/public/pages/..%252F`));
    expect(error).toMatchObject({ statusCode: 400 });
    expect(forwardingRefusal(error)).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  });

  it('leaves any other failure to the error handler', () => {
    expect(forwardingRefusal(new Error('boom'))).toBeUndefined();
    expect(
      forwardingRefusal(Object.assign(new Error('upstream'), { statusCode: 503 })),
    ).toBeUndefined();
  });
});
