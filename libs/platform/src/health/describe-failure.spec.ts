import { describeFailure } from './describe-failure';
import { ReadinessFailure } from './readiness-check';

describe('describeFailure', () => {
  it("shows a ReadinessFailure's own words", () => {
    expect(describeFailure(new ReadinessFailure('2 migrations pending'))).toBe(
      '2 migrations pending',
    );
  });

  it('shows only the code of a connection or database error, never its message', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:5432'), {
      code: 'ECONNREFUSED',
    });
    const shutdown = Object.assign(new Error('terminating connection due to administrator'), {
      code: '57P01',
    });
    expect(describeFailure(refused)).toBe('failed: ECONNREFUSED');
    expect(describeFailure(shutdown)).toBe('failed: 57P01');
  });

  it('says only "failed" for anything else', () => {
    expect(describeFailure(new Error('password authentication failed for user "app"'))).toBe(
      'failed',
    );
    expect(describeFailure(Object.assign(new Error('x'), { code: 'a code with spaces' }))).toBe(
      'failed',
    );
    expect(describeFailure(null)).toBe('failed');
  });
});
