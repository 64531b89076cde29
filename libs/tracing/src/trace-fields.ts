import { trace } from '@opentelemetry/api';

export interface TraceFields {
  trace_id?: string;
  span_id?: string;
}

let enabled = false;

export function enableTraceFields(): void {
  enabled = true;
}

/** The active span's ids for a log line (a pino mixin); nothing while tracing is off. */
export function traceFields(): TraceFields {
  if (!enabled) return {};
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
