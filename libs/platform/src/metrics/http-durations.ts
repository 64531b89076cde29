import type { FastifyInstance } from 'fastify';
import type { MetricsRegistry } from './metrics.registry';

/** The `route` label of requests no route matched (404s): one series, whatever the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Records each answer's duration under its route template (`/api/wiki/pages/:page_id`): the raw
 * URL would carry ids and tokens, one series each.
 */
export function observeHttpDurations(fastify: FastifyInstance, metrics: MetricsRegistry): void {
  const histogram = metrics.httpRequestDuration;
  fastify.addHook('onResponse', (request, reply, done) => {
    histogram.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
