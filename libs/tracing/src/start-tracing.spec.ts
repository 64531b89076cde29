import type { RunningTracing } from './tracing-sdk';

const shutdown = jest.fn(async () => undefined);
const startTracingSdk = jest.fn((_service: string): RunningTracing => ({ shutdown }));
let sdkLoaded = false;
jest.mock('./tracing-sdk', () => {
  sdkLoaded = true;
  return { startTracingSdk };
});

type Loaded = typeof import('./start-tracing') & typeof import('./trace-fields');

// Loaded after the mock, and anew for each test: the module keeps whether tracing runs.
function load(): Loaded {
  let loaded!: Loaded;
  jest.isolateModules(() => {
    loaded = {
      ...jest.requireActual<typeof import('./start-tracing')>('./start-tracing'),
      ...jest.requireActual<typeof import('./trace-fields')>('./trace-fields'),
    };
  });
  return loaded;
}

describe('startTracing', () => {
  beforeEach(() => {
    sdkLoaded = false;
    jest.clearAllMocks();
  });

  it('loads no SDK code while OTEL_EXPORTER_OTLP_ENDPOINT is unset or not an http(s) URL', async () => {
    const { startTracing, stopTracing, traceFields } = load();
    expect(startTracing('wiki-service', {})).toBe(false);
    expect(startTracing('wiki-service', { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toBe(
      false,
    );
    expect(sdkLoaded).toBe(false);
    expect(traceFields()).toEqual({});
    await stopTracing();
    expect(shutdown).not.toHaveBeenCalled();
  });

  it('starts the SDK once under the service name, and flushes it on stop', async () => {
    const { startTracing, stopTracing } = load();
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(startTracing('wiki-service', env)).toBe(true);
    expect(startTracing('wiki-service', env)).toBe(true);
    expect(sdkLoaded).toBe(true);
    expect(startTracingSdk.mock.calls).toEqual([['wiki-service']]);
    await stopTracing();
    expect(shutdown).toHaveBeenCalledTimes(1);
  });
});
