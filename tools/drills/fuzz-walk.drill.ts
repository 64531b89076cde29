import { fuzzRunningSystem, summarizeFindings, TEST_ACCEPTANCE_SECRET } from '@cw/testing';
import { expectThat, type Drill } from './drill';

/** Fixed, so a failing drill replays with `npm run fuzz -- --url … --seed 8`. */
const SEED = 8;
/** A medium walk: twice the random requests per operation of the bounded one in `npm test`. */
const RUNS_PER_OPERATION = 50;

export const fuzzWalkDrill: Drill = {
  name: 'fuzz-walk',
  finding:
    'Malformed requests (NUL characters, lone surrogates, deep JSON, huge offsets, null fields, broken multipart, bad encodings, dot segments encoded twice or in mixed forms) answer 500, or 4xx outside the envelope or without X-Request-Id.',
  async run(drills) {
    const began = Date.now();
    const result = await fuzzRunningSystem({
      baseUrl: drills.gatewayUrl,
      seed: SEED,
      runsPerOperation: RUNS_PER_OPERATION,
      acceptanceSecret: TEST_ACCEPTANCE_SECRET,
    });
    const seconds = ((Date.now() - began) / 1000).toFixed(1);
    const findings = summarizeFindings(result.findings, 2);
    expectThat(
      findings.length === 0,
      `${result.findings.length} of ${result.requests} answers broke the contract:\n     ${findings.join('\n     ')}`,
    );
    return [
      `${result.requests} hostile requests over ${result.operations} operations through the gateway in ${seconds} s (seed ${SEED})`,
      `answers by status: ${JSON.stringify(result.statuses)}`,
      'no 5xx; every error in the envelope, every answer with X-Request-Id',
    ];
  },
};
