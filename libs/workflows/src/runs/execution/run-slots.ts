import { Injectable } from '@nestjs/common';
import { PlatformConfig } from '@cw/platform';
import { WorkflowsConfig } from '../../workflows.config';
import { FairLanes } from './fair-lanes';

/** Connections of the pool the engine never takes: the routes of the process always find one. */
export const POOL_CONNECTIONS_FOR_ROUTES = 2;

/** The lane of the look-up that tells a job's company, before the run has a lane of its own. */
export const LOOKUP_LANE = 'lookup';

/**
 * The runs this process executes at once (RUNS_CONCURRENCY), at most RUNS_PER_COMPANY_CONCURRENCY
 * of one company, companies with runs waiting served in turn. A run holds its place while it
 * waits on a model, an HTTP call or the sandbox; it holds no database connection meanwhile.
 */
@Injectable()
export class RunSlots extends FairLanes {
  constructor(config: WorkflowsConfig) {
    super(config.RUNS_CONCURRENCY, config.RUNS_PER_COMPANY_CONCURRENCY);
  }
}

/**
 * `code.run` and `assert` steps at the sandbox at once: as many as it has slots
 * (CODE_SANDBOX_CONCURRENCY), half of them per company while another company's steps wait (one
 * company alone may use them all). More would only wait inside the sandbox.
 */
@Injectable()
export class SandboxStepSlots extends FairLanes {
  constructor(config: WorkflowsConfig) {
    const total = config.CODE_SANDBOX_CONCURRENCY;
    super(total, Math.max(1, Math.ceil(total / 2)), { lendIdlePlaces: true });
  }
}

/**
 * The engine's database work at once: its statements and short transactions (claims, step
 * marks, ends, heartbeats, `wiki.*` steps) go through this gate before they take a connection,
 * so hundreds of runs never hold more than DB_POOL_SIZE − 2 of the pool and a route of the same
 * process waits for no run. Lanes are companies here too (half the gate each while another's
 * statements wait, the whole gate when alone), so one company's burst neither queues another's
 * statements behind its own nor leaves connections idle when it is the only one.
 */
@Injectable()
export class EngineDbGate extends FairLanes {
  constructor(platform: PlatformConfig) {
    const total = Math.max(1, platform.DB_POOL_SIZE - POOL_CONNECTIONS_FOR_ROUTES);
    super(total, Math.max(1, Math.ceil(total / 2)), { lendIdlePlaces: true });
  }
}
