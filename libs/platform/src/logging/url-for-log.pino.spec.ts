import { Writable } from 'node:stream';
import pino from 'pino';
import { secretRedactingLogOptions } from './url-for-log.pino';

const SHARE = 'cwl_P--83oqjOPMMFwPkc_LfESpcUTRTOJjDLN3A34p4FBU';

function capturingLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino({ level: 'info', ...secretRedactingLogOptions }, sink), lines };
}

describe('secretRedactingLogOptions', () => {
  it('redacts messages, their arguments, top-level fields, requests and errors', () => {
    const { logger, lines } = capturingLogger();
    logger.info(`Route GET:/public/pages/${SHARE} not found`);
    logger.warn('upstream %s failed', `/public/pages/${SHARE}`);
    logger.info({ url: `/PUBLIC/pages/${SHARE}`, status: 404 }, 'request completed');
    logger.info({ req: { method: 'GET', url: `//public/pages/${SHARE}`, ip: '::1' } }, 'incoming');
    logger.error({ err: new Error(`Cannot GET /public/pages/${SHARE}`) }, 'request failed');
    const logged = lines.join('');
    expect(logged).not.toContain(SHARE.slice(4));
    expect(logged.match(/\[redacted\]/g)).toHaveLength(6);
    const [, , completed, incoming] = lines.map(
      (line) => JSON.parse(line) as Record<string, never>,
    );
    expect(completed).toMatchObject({ url: '/PUBLIC/pages/[redacted]', status: 404 });
    expect(incoming).toMatchObject({
      req: { method: 'GET', url: '//public/pages/[redacted]', remoteAddress: '::1' },
    });
  });
});
