import { context, trace } from '@opentelemetry/api';
import { node } from '@opentelemetry/sdk-node';
import { enableTraceFields, traceFields } from './trace-fields';

describe('traceFields', () => {
  const provider = new node.NodeTracerProvider();
  beforeAll(() => provider.register());
  afterAll(() => provider.shutdown());

  it('gives the active span ids once tracing is on, nothing outside a span', () => {
    const span = trace.getTracer('test').startSpan('request');
    const inside = (): ReturnType<typeof traceFields> =>
      context.with(trace.setSpan(context.active(), span), traceFields);
    expect(inside()).toEqual({});
    enableTraceFields();
    expect(inside()).toEqual({
      trace_id: span.spanContext().traceId,
      span_id: span.spanContext().spanId,
    });
    expect(traceFields()).toEqual({});
    span.end();
  });
});
