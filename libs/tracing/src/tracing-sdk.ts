import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { propagateTraceThroughUndici } from './undici-trace-propagation';
import { redactedUrl } from './url-redaction';

/** Probes and scrapes: a span every few seconds per pod, telling nothing. */
const UNTRACED_PATHS: ReadonlySet<string> = new Set([
  '/health',
  '/ready',
  '/api/health/serving',
  '/metrics',
]);

function pathOf(url: string | undefined): string {
  return (url ?? '/').split('?')[0];
}

export interface RunningTracing {
  shutdown(): Promise<void>;
}

/**
 * Traces only (metrics are Prometheus' job, logs stay JSON on stdout), exported over OTLP/HTTP.
 * pg and ioredis spans only inside a traced request: pollers (the outbox relay, BullMQ workers
 * waiting for jobs) would otherwise start a trace each.
 */
export function startTracingSdk(service: string): RunningTracing {
  const sdk = new NodeSDK({
    serviceName: service,
    traceExporter: new OTLPTraceExporter(),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has(pathOf(request.url)),
        startIncomingSpanHook: (request) => ({
          'url.path': pathOf(redactedUrl(request.url ?? '/')),
        }),
      }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // A span per request and per handler; one per hook (a dozen each) would drown them.
        instrumentHooks: false,
        ignorePaths: ({ url }) => UNTRACED_PATHS.has(url),
        requestHook: (span, request) => {
          span.setAttribute('url.path', pathOf(redactedUrl(request.url)));
          span.setAttribute('request.id', request.id);
        },
      }),
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  const stopPropagation = propagateTraceThroughUndici();
  return {
    shutdown: async () => {
      stopPropagation();
      await sdk.shutdown();
    },
  };
}
