import pino from 'pino';
import { PinoNestLogger } from './logger';

function capturedLogger(): { nest: PinoNestLogger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  };
  return { nest: new PinoNestLogger(pino({ level: 'info' }, stream)), lines };
}

describe('PinoNestLogger', () => {
  it("writes Nest's log lines as JSON with their level, context and trace", () => {
    const { nest, lines } = capturedLogger();
    nest.log('started', 'Probe');
    nest.warn('slow', 'Probe');
    nest.error('broke', 'Error: broke\n    at here', 'Probe');
    nest.debug('not written at info', 'Probe');
    expect(lines.map(({ level, msg, context, trace }) => ({ level, msg, context, trace }))).toEqual(
      [
        { level: 30, msg: 'started', context: 'Probe', trace: undefined },
        { level: 40, msg: 'slow', context: 'Probe', trace: undefined },
        { level: 50, msg: 'broke', context: 'Probe', trace: 'Error: broke\n    at here' },
      ],
    );
  });
});
