import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { stopTracing } from '@cw/tracing';

/** How long in-flight requests may take to finish once shutdown began; then they are cut. */
export const DRAIN_LIMIT_MS = 15_000;

/**
 * Nest destroys modules (the database pool among them) before it closes the HTTP server, which
 * would cut in-flight requests. Close HTTP first: stop accepting, let in-flight requests finish
 * (for at most `drainLimitMs`: a request that never ends must not keep the process, its timers
 * and its workers alive), then tear the modules down.
 */
export async function shutdownApp(
  app: NestFastifyApplication,
  drainLimitMs = DRAIN_LIMIT_MS,
): Promise<void> {
  const server = app.getHttpServer();
  if (server.listening) {
    // close() refuses new connections and calls back once every connection has ended; a
    // keep-alive connection that was busy at that moment goes idle afterwards, so keep ending
    // idle ones until the in-flight requests have been answered.
    await new Promise<void>((resolve) => {
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      const limit = setTimeout(() => {
        new Logger('Shutdown').warn(
          `in-flight requests still open after ${drainLimitMs} ms of shutdown: cut`,
        );
        server.closeAllConnections();
      }, drainLimitMs);
      server.close(() => {
        clearInterval(sweep);
        clearTimeout(limit);
        resolve();
      });
    });
  }
  await app.close();
}

/** Drains and exits on SIGTERM/SIGINT (Kubernetes, Ctrl-C, `npm start`'s supervisor). */
export function closeOnSignals(
  app: NestFastifyApplication,
  onClosed: () => void = () => process.exit(0),
): void {
  let closing = false;
  const handler = (): void => {
    if (closing) return;
    closing = true;
    void shutdownApp(app).then(stopTracing).finally(onClosed);
  };
  process.once('SIGTERM', handler);
  process.once('SIGINT', handler);
}
