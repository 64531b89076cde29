import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { stopTracing } from '@cw/tracing';

/**
 * Nest destroys modules (the database pool among them) before it closes the HTTP server, which
 * would cut in-flight requests. Close HTTP first: stop accepting, let in-flight requests finish,
 * then tear the modules down.
 */
export async function shutdownApp(app: NestFastifyApplication): Promise<void> {
  const server = app.getHttpServer();
  if (server.listening) {
    // close() refuses new connections and calls back once every connection has ended; a
    // keep-alive connection that was busy at that moment goes idle afterwards, so keep ending
    // idle ones until the in-flight requests have been answered.
    await new Promise<void>((resolve) => {
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      server.close(() => {
        clearInterval(sweep);
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
