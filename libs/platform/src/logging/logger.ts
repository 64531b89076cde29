import type { LoggerService } from '@nestjs/common';
import { traceFields } from '@cw/tracing';
import pino, { type Logger } from 'pino';
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
 * Routes Nest's own log calls into the same JSON stream. These lines mostly come from work that
 * is not a request (start-up, workers, sweeps, relays) and name what they concern; what a request
 * logs goes through `request.log`, whose lines carry `reqId`. There is deliberately no
 * implicit request context: on Node 20 an AsyncLocalStorage turned on async hooks for every
 * promise of the process, measured at 15 % of each service's CPU per request; Node 26 does
 * without them, not yet measured (docs/benchmarks.md, "No implicit request context").
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
