export { startTracing, stopTracing } from './start-tracing';
export { TracingConfig } from './tracing.config';
export { traceFields, type TraceFields } from './trace-fields';
export { redactTracedUrls, type UrlRedaction } from './url-redaction';
