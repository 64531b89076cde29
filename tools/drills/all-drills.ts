import { badSettingDrill } from './bad-setting.drill';
import { badUrlsDrill } from './bad-urls.drill';
import { dependencyOutagesDrill } from './dependency-outages.drill';
import type { Drill } from './drill';
import { expectContinueDrill } from './expect-continue.drill';
import { forwardedForDrill } from './forwarded-for.drill';
import { frozenServiceDrill } from './frozen-service.drill';
import { fuzzWalkDrill } from './fuzz-walk.drill';
import { killedServiceDrill } from './killed-service.drill';
import { logRedactionDrill } from './log-redaction.drill';
import { noisyNeighboursDrill } from './noisy-neighbours.drill';
import { oversizedBodiesDrill } from './oversized-bodies.drill';
import { postgresOutageDrill } from './postgres-outage.drill';
import { readinessOutagesDrill } from './readiness-outages.drill';
import { revocationRedisDownDrill } from './revocation-redis-down.drill';
import { RUN_LOSS_DRILLS } from './run-loss.drill';
import { slowBodiesDrill } from './slow-bodies.drill';

/** Every drill, in the order `npm run drills` runs them (outages last: they restart parts). */
export const ALL_DRILLS: readonly Drill[] = [
  slowBodiesDrill,
  expectContinueDrill,
  oversizedBodiesDrill,
  forwardedForDrill,
  badUrlsDrill,
  fuzzWalkDrill,
  logRedactionDrill,
  noisyNeighboursDrill,
  badSettingDrill,
  frozenServiceDrill,
  killedServiceDrill,
  revocationRedisDownDrill,
  readinessOutagesDrill,
  postgresOutageDrill,
  dependencyOutagesDrill,
  ...RUN_LOSS_DRILLS,
];
