import pino from 'pino';
import { PinoNestLogger } from './logger';
import { runInRequestContext } from './request-context';

function capturedLogger(): { nest: PinoNestLogger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  };
  return { nest: new PinoNestLogger(pino({ level: 'info' }, stream)), lines };
}

describe('PinoNestLogger', () => {
  it("adds the id of the request being handled to Nest's log lines", () => {
    const { nest, lines } = capturedLogger();
    runInRequestContext('req-abc-123', () => {
      nest.log('inside', 'Probe');
      nest.warn('warned', 'Probe');
    });
    nest.log('outside', 'Probe');
    expect(lines.map(({ msg, reqId, context }) => ({ msg, reqId, context }))).toEqual([
      { msg: 'inside', reqId: 'req-abc-123', context: 'Probe' },
      { msg: 'warned', reqId: 'req-abc-123', context: 'Probe' },
      { msg: 'outside', reqId: undefined, context: 'Probe' },
    ]);
  });
});
