import type { AppError } from '@cw/platform';
import { loadIdentityConfig } from '../identity.config';
import { AcceptanceGate } from './acceptance-gate';

const gateWith = (secret?: string): AcceptanceGate =>
  new AcceptanceGate(loadIdentityConfig(secret ? { ACCEPTANCE_AUTH_SECRET: secret } : {}));

function refusalOf(act: () => void): { status: number; code: string } | undefined {
  try {
    act();
    return undefined;
  } catch (error) {
    const appError = error as AppError;
    return { status: appError.status, code: appError.code };
  }
}

describe('AcceptanceGate', () => {
  it('answers 404 for everything while ACCEPTANCE_AUTH_SECRET is unset', () => {
    const gate = gateWith(undefined);
    expect(refusalOf(() => gate.assertEnabled())).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(refusalOf(() => gate.assertSecret('anything-at-all-here'))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('refuses a wrong secret, of any length, with 401 and admits the right one', () => {
    const gate = gateWith('the-right-secret-value');
    for (const wrong of ['', 'x', 'the-right-secret-valuE', 'the-right-secret-value-and-more']) {
      expect(refusalOf(() => gate.assertSecret(wrong))).toEqual({
        status: 401,
        code: 'AUTH_REQUIRED',
      });
    }
    expect(refusalOf(() => gate.assertSecret('the-right-secret-value'))).toBeUndefined();
  });
});
