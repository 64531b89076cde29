import {
  fuzzRunningSystem,
  startTestApp,
  summarizeFindings,
  TEST_ACCEPTANCE_SECRET,
  type TestApp,
} from '@cw/testing';
import { SERVICES } from '@cw/platform';
import { SingleProcessModule } from '../src/single-process.module';
import { type CompiledProcess, startGateway } from './edge-processes';

/** Fixed, so a failure replays: `npm run fuzz -- --seed 20261123` sends the same requests. */
const SEED = 20261123;
/**
 * Random requests per operation after its named cases: about 3,100 requests over 70 operations,
 * which the one-process app answers in about 8 s on a quiet two-core machine and 45 s on one
 * loaded with other test runs.
 */
const RUNS_PER_OPERATION = 25;
/**
 * Through the gateway's proxy the named cases matter most (every encoding of a dot segment in
 * each path parameter): a few random requests after them.
 */
const RUNS_THROUGH_GATEWAY = 3;

describe('The fuzz walk over /openapi.json (bounded)', () => {
  let server: TestApp;
  let gateway: CompiledProcess;

  beforeAll(async () => {
    server = await startTestApp(SingleProcessModule, {
      env: { ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET },
    });
    // Every service's URL is the one-process app, which serves every route the gateway forwards.
    gateway = await startGateway(
      server.database,
      Object.fromEntries(SERVICES.map((service) => [service.name, server.baseUrl])),
    );
  }, 60_000);
  afterAll(async () => {
    await gateway?.stop();
    await server.close();
  });

  it('answers every hostile request with a status below 500, in the envelope, with X-Request-Id', async () => {
    const result = await fuzzRunningSystem({
      baseUrl: server.baseUrl,
      seed: SEED,
      runsPerOperation: RUNS_PER_OPERATION,
      acceptanceSecret: TEST_ACCEPTANCE_SECRET,
    });

    expect(summarizeFindings(result.findings)).toEqual([]);
    expect(result.operations).toBeGreaterThanOrEqual(40);
    expect(result.requests).toBeGreaterThan(2_000);
  }, 180_000);

  it('answers the same through the gateway proxy: double-encoded and mixed-encoded segments included', async () => {
    const result = await fuzzRunningSystem({
      baseUrl: gateway.url,
      seed: SEED,
      runsPerOperation: RUNS_THROUGH_GATEWAY,
      acceptanceSecret: TEST_ACCEPTANCE_SECRET,
    });

    expect(summarizeFindings(result.findings)).toEqual([]);
    expect(result.operations).toBeGreaterThanOrEqual(40);
    expect(Object.keys(result.statuses).filter((status) => Number(status) >= 500)).toEqual([]);
  }, 180_000);
});
