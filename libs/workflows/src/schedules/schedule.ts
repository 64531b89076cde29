import type { FieldProblem } from '@cw/platform';
import { parseExpression } from 'cron-parser';
import type { Checked } from '../definitions/validate-definition';

export interface Schedule {
  cron: string;
  timezone: string;
}

/** The shortest gap between two scheduled starts: a schedule is not a load generator. */
export const MIN_SCHEDULE_INTERVAL_SECONDS = 60;

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks `trigger.schedule` the way BullMQ's job scheduler will read it (cron-parser, five or
 * six fields, an IANA time zone, UTC by default), and refuses schedules firing more often than
 * once a minute.
 */
export function checkSchedule(value: unknown, base = 'trigger.schedule'): Checked<Schedule> {
  const problems: FieldProblem[] = [];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      ok: false,
      problems: [{ field: base, message: `${base} must be an object {cron, timezone?}` }],
    };
  }
  const { cron, timezone = 'UTC', ...rest } = value as { cron?: unknown; timezone?: unknown };
  for (const field of Object.keys(rest)) {
    problems.push({ field: `${base}.${field}`, message: `${base}.${field} is not a known field` });
  }
  if (typeof timezone !== 'string' || !isTimeZone(timezone)) {
    problems.push({
      field: `${base}.timezone`,
      message: `${base}.timezone must be an IANA time zone such as Europe/Berlin`,
    });
  }
  if (typeof cron !== 'string' || cron.trim().length === 0 || cron.length > 120) {
    problems.push({
      field: `${base}.cron`,
      message: `${base}.cron must be a cron expression such as "0 9 * * 1"`,
    });
  } else if (problems.length === 0) {
    try {
      const fields = cron.trim().split(/\s+/).length;
      if (fields < 5 || fields > 6)
        throw new Error('it needs five fields (or six, with seconds first)');
      const times = parseExpression(cron, { tz: timezone as string });
      const first = times.next().getTime();
      const second = times.next().getTime();
      if ((second - first) / 1000 < MIN_SCHEDULE_INTERVAL_SECONDS) {
        problems.push({
          field: `${base}.cron`,
          message: `${base}.cron fires more often than once a minute`,
        });
      }
    } catch (error) {
      problems.push({
        field: `${base}.cron`,
        message: `${base}.cron does not parse: ${(error as Error).message}`,
      });
    }
  }
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, value: { cron: (cron as string).trim(), timezone: timezone as string } };
}
