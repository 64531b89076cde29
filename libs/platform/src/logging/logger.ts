import type { LoggerService } from '@nestjs/common';
import { traceFields } from '@cw/tracing';
import pino, { type Logger } from 'pino';
import { currentRequestId } from './request-context';
import { secretRedactingLogOptions } from './url-for-log.pino';

export function createLogger(service: string, level: string): Logger {
  return pino({
    level,
    base: { service, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    // The active span's trace_id and span_id beside reqId, while tracing is on.
    mixin: traceFields,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-internal-token"]',
        'req.headers["x-feedback-lease-token"]',
      ],
      censor: '[redacted]',
    },
    ...secretRedactingLogOptions,
  });
}

/**
 * Routes Nest's own log calls into the same JSON stream. A line written while a request is
 * handled carries its id as `reqId`, like the lines Fastify writes through `request.log`.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info(this.fields({ context }), String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error(this.fields({ context, trace }), String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn(this.fields({ context }), String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug(this.fields({ context }), String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace(this.fields({ context }), String(message));
  }

  private fields(fields: Record<string, unknown>): Record<string, unknown> {
    const reqId = currentRequestId();
    return reqId === undefined ? fields : { reqId, ...fields };
  }
}
