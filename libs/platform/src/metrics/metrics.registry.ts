import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { withinDeadline } from '../async/within-deadline';

export interface GaugeSample {
  labels?: Record<string, string>;
  value: number;
}

export interface SampledGaugeDefinition {
  name: string;
  help: string;
  labelNames?: readonly string[];
  /**
   * Read on each scrape, never on the request path, bounded by `SAMPLE_TIMEOUT_MS`. When it fails
   * or is late, the gauge's labelled series are left out of that scrape (a gauge without labels
   * reads NaN) and `cw_metrics_sample_failures_total` counts it.
   */
  sample(): Promise<readonly GaugeSample[]>;
}

/** A slow or failing dependency must not hold the scrape past Prometheus' own timeout. */
export const SAMPLE_TIMEOUT_MS = 1000;

const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's Prometheus registry: default process metrics, the HTTP duration histogram, and
 * the gauges other modules add (database pool, queues, outbox), each read lazily on scrape.
 */
@Injectable()
export class MetricsRegistry {
  readonly registry = new Registry();
  readonly httpRequestDuration = new Histogram({
    name: 'cw_http_request_duration_seconds',
    help: 'HTTP request duration by method, route template (never the raw URL) and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly sampleFailures = new Counter({
    name: 'cw_metrics_sample_failures_total',
    help: 'Scrapes in which a gauge could not be read in time (its series are left out).',
    labelNames: ['gauge'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  addSampledGauge(definition: SampledGaugeDefinition): void {
    const failures = this.sampleFailures;
    new Gauge({
      name: definition.name,
      help: definition.help,
      labelNames: definition.labelNames ?? [],
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          const samples = await withinDeadline(definition.sample(), SAMPLE_TIMEOUT_MS);
          for (const { labels, value } of samples) {
            if (labels) this.set(labels, value);
            else this.set(value);
          }
        } catch {
          failures.inc({ gauge: definition.name });
          // A gauge without labels always has a series: NaN says "unknown", where 0 would lie.
          if (!definition.labelNames?.length) this.set(Number.NaN);
        }
      },
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }
}
