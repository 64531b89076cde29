import { EventEmitter } from 'node:events';
import { logRedisErrors, RedisErrorLog } from './redis-error-log';

function recorded(): {
  lines: string[];
  clock: { now: number };
  log: RedisErrorLog;
} {
  const lines: string[] = [];
  const clock = { now: 1_000_000 };
  const sink = {
    warn: (line: string) => void lines.push(`warn ${line}`),
    log: (line: string) => void lines.push(`info ${line}`),
  };
  return { lines, clock, log: new RedisErrorLog('redis "queues"', sink, () => clock.now) };
}

describe('RedisErrorLog', () => {
  const refused = new Error('connect ECONNREFUSED 127.0.0.1:6379');

  it('logs the first error at once, then one line per 30 s with the count left out', () => {
    const { lines, clock, log } = recorded();
    for (let attempt = 0; attempt < 40; attempt += 1) {
      log.error(refused);
      clock.now += 1_000;
    }
    expect(lines).toEqual([
      'warn redis "queues": connect ECONNREFUSED 127.0.0.1:6379',
      'warn redis "queues": connect ECONNREFUSED 127.0.0.1:6379 (29 more since the last line)',
    ]);
  });

  it('says once that the source works again, and logs the next outage at once', () => {
    const { lines, clock, log } = recorded();
    log.error(refused);
    log.error(refused);
    log.recovered();
    log.recovered();
    clock.now += 10;
    log.error(refused);
    expect(lines).toEqual([
      'warn redis "queues": connect ECONNREFUSED 127.0.0.1:6379',
      'info redis "queues": working again (1 more since the last line)',
      'warn redis "queues": connect ECONNREFUSED 127.0.0.1:6379',
    ]);
  });

  it('never logs recovery for a source that did not fail', () => {
    const { lines, log } = recorded();
    log.recovered();
    expect(lines).toEqual([]);
  });

  it('becomes the error listener of an emitter, so an error event no longer throws', () => {
    const emitter = new EventEmitter();
    logRedisErrors(emitter, 'queue workflow-runs');
    expect(() => emitter.emit('error', refused)).not.toThrow();
    expect(emitter.listenerCount('error')).toBe(1);
  });
});
