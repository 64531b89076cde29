import { checkSchedule } from './schedule';

const fields = (value: unknown) => {
  const checked = checkSchedule(value);
  return checked.ok ? [] : checked.problems.map((problem) => problem.field);
};

describe('checkSchedule', () => {
  it('accepts five- and six-field expressions with an IANA zone, UTC by default', () => {
    expect(checkSchedule({ cron: '0 9 * * 1' })).toEqual({
      ok: true,
      value: { cron: '0 9 * * 1', timezone: 'UTC' },
    });
    expect(checkSchedule({ cron: ' 0 30 8 * * 1-5 ', timezone: 'Europe/Berlin' })).toMatchObject({
      ok: true,
      value: { cron: '0 30 8 * * 1-5', timezone: 'Europe/Berlin' },
    });
  });

  it('refuses a cron that does not parse, a bad zone, unknown fields and a schedule faster than a minute', () => {
    expect(fields({ cron: 'every monday' })).toEqual(['trigger.schedule.cron']);
    expect(fields({ cron: '61 * * * *' })).toEqual(['trigger.schedule.cron']);
    expect(fields({ cron: '* * * *' })).toEqual(['trigger.schedule.cron']);
    expect(fields({ cron: '*/5 * * * * *' })).toEqual(['trigger.schedule.cron']);
    expect(fields({ cron: '0 9 * * 1', timezone: 'Mars/Olympus' })).toEqual([
      'trigger.schedule.timezone',
    ]);
    expect(fields({ cron: '0 9 * * 1', every: 'day' })).toEqual(['trigger.schedule.every']);
    expect(fields('0 9 * * 1')).toEqual(['trigger.schedule']);
  });
});
