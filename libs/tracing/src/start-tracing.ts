import { enableTraceFields } from './trace-fields';
import type { RunningTracing } from './tracing-sdk';

let running: RunningTracing | undefined;

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);
}

/**
 * Starts OpenTelemetry tracing when `OTEL_EXPORTER_OTLP_ENDPOINT` is set; returns whether it did.
 * Each app calls it from the first import of its `main.ts`: the instrumentations patch http, pg
 * and ioredis as they are required, so nothing may load before. Unset (or not a URL, which the
 * platform's settings check then reports), no SDK code is even loaded.
 */
export function startTracing(service: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (running || !endpoint || !isHttpUrl(endpoint)) return running !== undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when tracing is on
  const sdk = require('./tracing-sdk') as typeof import('./tracing-sdk');
  running = sdk.startTracingSdk(service);
  enableTraceFields();
  return true;
}

/** Exports the spans still buffered; the process calls it as it drains. */
export async function stopTracing(): Promise<void> {
  const stopping = running;
  running = undefined;
  await stopping?.shutdown();
}
