import { parsePrometheusText, sampleValue } from '@cw/testing';
import { MetricsRegistry, SAMPLE_TIMEOUT_MS } from './metrics.registry';

async function scrape(metrics: MetricsRegistry) {
  return parsePrometheusText(await metrics.render());
}

describe('MetricsRegistry', () => {
  it('serves the default process metrics and an empty HTTP histogram', async () => {
    const samples = await scrape(new MetricsRegistry());
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(new MetricsRegistry().contentType).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('reads a sampled gauge on every scrape, not before', async () => {
    const metrics = new MetricsRegistry();
    let depth = 3;
    const sample = jest.fn(async () => [
      { labels: { queue: 'a' }, value: depth },
      { labels: { queue: 'b' }, value: 0 },
    ]);
    metrics.addSampledGauge({ name: 'test_depth', help: 'h', labelNames: ['queue'], sample });
    expect(sample).not.toHaveBeenCalled();
    expect(sampleValue(await scrape(metrics), 'test_depth', { queue: 'a' })).toBe(3);
    depth = 7;
    const samples = await scrape(metrics);
    expect(sampleValue(samples, 'test_depth', { queue: 'a' })).toBe(7);
    expect(sampleValue(samples, 'test_depth', { queue: 'b' })).toBe(0);
    expect(sample).toHaveBeenCalledTimes(2);
  });

  it('drops series that are gone since the last scrape', async () => {
    const metrics = new MetricsRegistry();
    let queues = ['a', 'b'];
    metrics.addSampledGauge({
      name: 'test_depth',
      help: 'h',
      labelNames: ['queue'],
      sample: async () => queues.map((queue) => ({ labels: { queue }, value: 1 })),
    });
    await scrape(metrics);
    queues = ['a'];
    const samples = await scrape(metrics);
    expect(samples.filter((sample) => sample.name === 'test_depth')).toHaveLength(1);
  });

  it('leaves out the series of a gauge whose read fails and counts the failure', async () => {
    const metrics = new MetricsRegistry();
    metrics.addSampledGauge({
      name: 'test_broken',
      help: 'h',
      labelNames: ['queue'],
      sample: () => Promise.reject(new Error('redis away')),
    });
    metrics.addSampledGauge({ name: 'test_fine', help: 'h', sample: async () => [{ value: 1 }] });
    await scrape(metrics);
    const samples = await scrape(metrics);
    expect(sampleValue(samples, 'test_broken')).toBeUndefined();
    expect(sampleValue(samples, 'test_fine')).toBe(1);
    expect(
      sampleValue(samples, 'cw_metrics_sample_failures_total', { gauge: 'test_broken' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it(`answers within ${SAMPLE_TIMEOUT_MS} ms when a read never ends, NaN for a label-less gauge`, async () => {
    jest.useFakeTimers();
    try {
      const metrics = new MetricsRegistry();
      metrics.addSampledGauge({
        name: 'test_hung',
        help: 'h',
        sample: () => new Promise(() => undefined),
      });
      const rendering = metrics.render();
      await jest.advanceTimersByTimeAsync(SAMPLE_TIMEOUT_MS);
      const samples = parsePrometheusText(await rendering);
      expect(sampleValue(samples, 'test_hung')).toBeNaN();
    } finally {
      jest.useRealTimers();
    }
  });
});
