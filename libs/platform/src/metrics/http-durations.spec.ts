import { parsePrometheusText } from '@cw/testing';
import Fastify from 'fastify';
import { observeHttpDurations, UNMATCHED_ROUTE } from './http-durations';
import { MetricsRegistry } from './metrics.registry';

describe('observeHttpDurations', () => {
  it('labels each answer by route template and status, never by the raw URL', async () => {
    const metrics = new MetricsRegistry();
    const fastify = Fastify();
    observeHttpDurations(fastify, metrics);
    fastify.get('/public/pages/:token', async (_request, reply) => reply.status(201).send({}));
    await fastify.inject({ method: 'GET', url: '/public/pages/cwl_secret-one?x=1' });
    await fastify.inject({ method: 'GET', url: '/public/pages/cwl_secret-two' });
    await fastify.inject({ method: 'GET', url: '/unknown/cwk_another-secret' });
    await fastify.close();

    const text = await metrics.render();
    expect(text).not.toMatch(/secret/);
    const counts = parsePrometheusText(text).filter(
      (sample) => sample.name === 'cw_http_request_duration_seconds_count',
    );
    expect(counts.map(({ labels, value }) => ({ ...labels, value }))).toEqual([
      { method: 'GET', route: '/public/pages/:token', status: '201', value: 2 },
      { method: 'GET', route: UNMATCHED_ROUTE, status: '404', value: 1 },
    ]);
  });
});
