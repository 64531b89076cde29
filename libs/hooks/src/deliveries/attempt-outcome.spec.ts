import fc from 'fast-check';
import {
  ATTEMPTS_PER_ROUND,
  type RetryPolicy,
  retryWaitSeconds,
  type SendResult,
  settleAttempt,
} from './attempt-outcome';

const SPEC_POLICY: RetryPolicy = { baseSeconds: 30, maxSeconds: 3600 };

const policies = fc
  .tuple(
    fc.double({ min: 0.001, max: 100, noNaN: true }),
    fc.double({ min: 0.001, max: 5000, noNaN: true }),
  )
  .map(([baseSeconds, maxSeconds]) => ({ baseSeconds, maxSeconds }));

const retryableResults: fc.Arbitrary<SendResult> = fc.oneof(
  fc.constantFrom<SendResult>({ kind: 'timeout' }, { kind: 'request_error' }),
  fc.constantFrom(408, 425, 429).map((status) => ({ kind: 'answered', status }) as const),
  fc.integer({ min: 500, max: 599 }).map((status) => ({ kind: 'answered', status }) as const),
);

const finalStatuses = fc
  .integer({ min: 100, max: 499 })
  .filter((status) => (status < 200 || status >= 300) && ![408, 425, 429].includes(status));

describe('settling a delivery attempt', () => {
  it('waits 30 s, then doubles up to one hour (the spec’s schedule)', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((failed) => retryWaitSeconds(failed, SPEC_POLICY))).toEqual(
      [30, 60, 120, 240, 480, 960, 1920, 3600],
    );
  });

  it('delivers on any 2xx, whatever the round has used', () => {
    fc.assert(
      fc.property(fc.integer({ min: 200, max: 299 }), fc.nat(20), (status, used) => {
        expect(settleAttempt({ kind: 'answered', status }, used, SPEC_POLICY)).toEqual({
          state: 'delivered',
          networkAttempt: true,
        });
      }),
    );
  });

  it('retries a transport failure, 408, 425, 429 or 5xx while fewer than 8 attempts were used, with a wait that never shrinks and never passes the cap', () => {
    fc.assert(
      fc.property(retryableResults, policies, (result, policy) => {
        let previous = 0;
        for (let used = 0; used < ATTEMPTS_PER_ROUND - 1; used += 1) {
          const settled = settleAttempt(result, used, policy);
          if (settled.state !== 'pending')
            throw new Error(`attempt ${used + 1} settled ${settled.state}`);
          expect(settled.retryInSeconds).toBeGreaterThanOrEqual(previous);
          expect(settled.retryInSeconds).toBeLessThanOrEqual(policy.maxSeconds);
          previous = settled.retryInSeconds;
        }
        expect(settleAttempt(result, ATTEMPTS_PER_ROUND - 1, policy)).toMatchObject({
          state: 'failed',
          networkAttempt: true,
          endsHook: false,
        });
      }),
    );
  });

  it('fails at once on any other answer, and only 410 ends the hook', () => {
    fc.assert(
      fc.property(finalStatuses, fc.nat(7), (status, used) => {
        expect(settleAttempt({ kind: 'answered', status }, used, SPEC_POLICY)).toEqual({
          state: 'failed',
          failureReason: `http_${status}`,
          networkAttempt: true,
          endsHook: status === 410,
        });
      }),
    );
  });

  it('records a refused address and missing signing material as failures without a network attempt', () => {
    expect(settleAttempt({ kind: 'blocked' }, 0, SPEC_POLICY)).toEqual({
      state: 'failed',
      failureReason: 'blocked',
      networkAttempt: false,
      endsHook: false,
    });
    expect(settleAttempt({ kind: 'signing_key_unavailable' }, 3, SPEC_POLICY)).toEqual({
      state: 'failed',
      failureReason: 'signing_key_unavailable',
      networkAttempt: false,
      endsHook: false,
    });
  });

  it('names each failure with a sanitized code', () => {
    expect(settleAttempt({ kind: 'answered', status: 503 }, 0, SPEC_POLICY)).toMatchObject({
      failureReason: 'http_503',
    });
    expect(settleAttempt({ kind: 'timeout' }, 0, SPEC_POLICY)).toMatchObject({
      failureReason: 'timeout',
    });
    expect(settleAttempt({ kind: 'request_error' }, 0, SPEC_POLICY)).toMatchObject({
      failureReason: 'request_error',
    });
  });
});
