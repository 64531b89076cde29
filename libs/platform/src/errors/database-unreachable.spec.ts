import { isDatabaseUnreachable } from './database-unreachable';

const failure = (fields: { message?: string; code?: string; driverError?: object }): Error =>
  Object.assign(new Error(fields.message ?? 'failed'), fields);

describe('isDatabaseUnreachable', () => {
  it('holds for failures to open a connection: nothing was sent', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']) {
      expect(isDatabaseUnreachable(failure({ code }))).toBe(true);
    }
    expect(isDatabaseUnreachable(failure({ code: '57P03' }))).toBe(true);
    expect(isDatabaseUnreachable(failure({ code: '08006' }))).toBe(true);
    expect(
      isDatabaseUnreachable(
        failure({ message: 'Connection terminated due to connection timeout' }),
      ),
    ).toBe(true);
    const everyAddress = new AggregateError([failure({ code: 'ECONNREFUSED' })], 'refused');
    expect(isDatabaseUnreachable(everyAddress)).toBe(true);
  });

  it('holds for a statement the server aborted as it shut down (its transaction did not commit)', () => {
    for (const code of ['57P01', '57P02']) {
      expect(isDatabaseUnreachable(failure({ driverError: { code } }))).toBe(true);
    }
    const dead = { message: 'Client has encountered a connection error and is not queryable' };
    expect(isDatabaseUnreachable(failure({ driverError: dead }))).toBe(true);
  });

  it('does not hold once a statement may have run', () => {
    expect(isDatabaseUnreachable(failure({ message: 'Connection terminated unexpectedly' }))).toBe(
      false,
    );
    expect(isDatabaseUnreachable(failure({ code: 'ECONNRESET' }))).toBe(false);
    expect(isDatabaseUnreachable(failure({ driverError: { code: '08006' } }))).toBe(false);
    expect(isDatabaseUnreachable(failure({ driverError: { code: '23505' } }))).toBe(false);
    expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
  });
});
