import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import {
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

/** The part of undici's request object its diagnostics channels hand out that is used here. */
interface UndiciRequest {
  method: string;
  origin: string | URL;
  addHeader(name: string, value: string): unknown;
}

const tracer = trace.getTracer('cw-undici');

/**
 * undici (the gateway's proxy, `fetch`) has no instrumentation installed here: this starts a
 * client span per request and writes the W3C trace context into its headers, so the trace
 * continues in the service it calls. The span ends with the response headers (or the error); it
 * carries the peer, never the path, which may hold a token.
 */
export function propagateTraceThroughUndici(): () => void {
  const spans = new WeakMap<UndiciRequest, Span>();
  const finish = (request: UndiciRequest, outcome: (span: Span) => void): void => {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    outcome(span);
    span.end();
  };
  const onCreate = (message: unknown): void => {
    const { request } = message as { request: UndiciRequest };
    const origin = new URL(String(request.origin));
    const span = tracer.startSpan(request.method, {
      kind: SpanKind.CLIENT,
      attributes: {
        'http.request.method': request.method,
        'server.address': origin.hostname,
        'server.port': Number(origin.port) || (origin.protocol === 'https:' ? 443 : 80),
      },
    });
    spans.set(request, span);
    const carrier: Record<string, string> = {};
    propagation.inject(trace.setSpan(context.active(), span), carrier);
    for (const [name, value] of Object.entries(carrier)) request.addHeader(name, value);
  };
  const onHeaders = (message: unknown): void => {
    const { request, response } = message as {
      request: UndiciRequest;
      response: { statusCode: number };
    };
    finish(request, (span) => {
      span.setAttribute('http.response.status_code', response.statusCode);
      if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    });
  };
  const onError = (message: unknown): void => {
    const { request, error } = message as { request: UndiciRequest; error: Error };
    finish(request, (span) => {
      span.recordException(error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    });
  };
  const subscriptions: [string, (message: unknown) => void][] = [
    ['undici:request:create', onCreate],
    ['undici:request:headers', onHeaders],
    ['undici:request:error', onError],
  ];
  for (const [channel, listener] of subscriptions) subscribe(channel, listener);
  return () => {
    for (const [channel, listener] of subscriptions) unsubscribe(channel, listener);
  };
}
