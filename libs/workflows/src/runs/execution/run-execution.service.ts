import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { WorkflowStep } from '../../definitions/workflow-definition';
import { RunReportWriter } from '../../reports/run-report.writer';
import type { TemplateScope } from '../../templates/template';
import { nextAction } from '../engine/next-action';
import { type ClaimedRun, type LeaseTerms, RunLeaseRepository } from '../run-lease.repository';
import {
  CANCELLED_BY_REQUEST,
  type StepError,
  type StepRecord,
  type TerminalRunStatus,
} from '../run-status';
import { RunStepRepository, type StepSlot } from '../run-step.repository';
import { WorkPacketRepository } from '../work-packet.repository';
import { RunOutputPageWriter } from './run-output-page.writer';
import { RunQueue } from './run-queue';
import { EngineDbGate, LOOKUP_LANE, SandboxStepSlots } from './run-slots';
import type { StepOutcome } from './steps/step-executor';
import {
  finishedOf,
  nothingUnwritten,
  recordOf,
  type Unwritten,
  unwrittenRecords,
} from './unwritten-steps';
import { StepExecutors } from './steps/step-executors';
import { WorkflowsConfig } from '../../workflows.config';

/** A worker that stopped heart-beating this long no longer holds its run. */
export const LEASE_SECONDS = 15;
const HEARTBEAT_MS = 5_000;
/** Claims in a row that lost the run before a step finished, after which it ends `stale`. */
export const LOST_CLAIMS_TO_STALE = 3;

/**
 * A run is handed to another worker whenever its holder is lost, except when that holder was
 * the `LOST_CLAIMS_TO_STALE`th in a row to lose it with no step finished: then it is waited for
 * RUNS_STALE_AFTER_SECONDS (its heartbeat may come back) and the run ends `stale`.
 */
export function leaseTermsOf(config: WorkflowsConfig): LeaseTerms {
  return {
    leaseSeconds: LEASE_SECONDS,
    staleSeconds: config.RUNS_STALE_AFTER_SECONDS,
    lostClaimsToStale: LOST_CLAIMS_TO_STALE,
  };
}

/** Where an execution left the run. */
export type ExecutionEnd =
  'not_claimed' | 'lease_lost' | 'sleeping' | 'awaiting_work_packet' | TerminalRunStatus;

function replaceRecord(records: StepRecord[], record: StepRecord): void {
  const at = records.findIndex((each) => each.index === record.index);
  if (at === -1) records.push(record);
  else records[at] = record;
}

function scopeOf(run: ClaimedRun, records: readonly StepRecord[]): TemplateScope {
  const steps: Record<string, { output: unknown }> = {};
  for (const record of records) {
    if (record.status === 'completed') steps[record.id] = { output: record.output };
  }
  return { inputs: run.inputs, steps };
}

/**
 * Executes a run durably, step by step: it claims the run (a new lease generation), then asks
 * `nextAction` what to do, marks each step `running`, runs it and records how it ended, and ends
 * the run through the report writer. A step's record is written by the run's next write, which
 * follows at once: the next step's mark, or the run's end. An instant step (`StepExecutor.instant`,
 * a template fill) is not marked `running` at all. Every write names the claimed generation, so a
 * worker that lost the run to another changes nothing and stops. Steps are at least once: one
 * left `running` by a dead worker runs again, as does an instant step not written yet.
 */
@Injectable()
export class RunExecutionService {
  private readonly logger = new Logger(RunExecutionService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly runs: RunLeaseRepository,
    private readonly steps: RunStepRepository,
    private readonly packets: WorkPacketRepository,
    private readonly reports: RunReportWriter,
    private readonly executors: StepExecutors,
    private readonly outputPage: RunOutputPageWriter,
    private readonly queue: RunQueue,
    private readonly config: WorkflowsConfig,
    private readonly gate: EngineDbGate,
    private readonly sandboxSlots: SandboxStepSlots,
  ) {}

  /** The company of the run, whose place it waits for; null for a run that is not there. */
  companyOf(runId: string): Promise<string | null> {
    return this.runs.companyOf(runId);
  }

  /** Claims and executes the run; `companyId` is its lane at the database gate, when known. */
  async execute(runId: string, companyId: string = LOOKUP_LANE): Promise<ExecutionEnd> {
    const terms = leaseTermsOf(this.config);
    const run = await this.gate.run(companyId, () => this.runs.claim(runId, terms));
    if (!run) return 'not_claimed';
    if (run.claimsWithoutProgress >= LOST_CLAIMS_TO_STALE) return this.endStale(run);
    return this.whileHeartbeating(run, () => this.advance(run));
  }

  /** Ends a run whose workers kept being lost while a step ran, naming that step. */
  private async endStale(run: ClaimedRun): Promise<ExecutionEnd> {
    const records = await this.db(run, () => this.steps.findRecords(run.id));
    const running = records.find((record) => record.status === 'running');
    const where = running ? `while step "${running.id}" ran` : 'before a step finished';
    const ended = await this.db(run, () =>
      this.reports.finishHeld(this.dataSource.manager, run, 'stale', {
        code: 'stale',
        message:
          `The run lost its worker ${run.claimsWithoutProgress} times in a row ${where}; ` +
          `the last one stopped heart-beating over ${this.config.RUNS_STALE_AFTER_SECONDS} s ago.`,
      }),
    );
    return ended ?? 'lease_lost';
  }

  /** Runs steps until the run ends, pauses or is lost. */
  private async advance(run: ClaimedRun): Promise<ExecutionEnd> {
    const runId = run.id;
    const records = run.hasStepRecords
      ? await this.db(run, () => this.steps.findRecords(runId))
      : [];
    let unwritten = nothingUnwritten();
    for (;;) {
      const action = nextAction({
        steps: run.definition.steps,
        budget: run.definition.budget,
        records,
        startedAt: run.startedAt,
        now: new Date(),
      });
      if (action.kind === 'finish') {
        // A failed step's error is already in its record; the run's own error is for the rest.
        const error = action.status === 'failed' ? null : action.error;
        return this.finish(run, records, action.status, error, unwritten);
      }
      const slot: StepSlot = {
        runId,
        index: action.index,
        stepId: action.step.id,
        block: action.step.block,
      };
      const instant = this.executors.of(action.step.block).instant === true;
      if (!instant) {
        const written = unwrittenRecords(unwritten);
        const marked = await this.db(run, () =>
          this.steps.markRunning(this.dataSource.manager, slot, run.leaseGeneration, written),
        );
        // Instant steps not written are dropped with the cancel: they changed nothing.
        if (marked === 'cancel_requested')
          return this.finish(run, records, 'cancelled', CANCELLED_BY_REQUEST);
        if (marked === 'lease_lost') return 'lease_lost';
        unwritten = nothingUnwritten();
      }
      const startedAt = new Date();
      const outcome = await this.runStep(run, action.index, action.step, records);
      if (!instant && outcome.kind === 'sleep') {
        return this.sleep(run, slot, outcome.until, outcome.output);
      }
      if (!instant && outcome.kind === 'work_packet') {
        return this.awaitWorkPacket(run, slot, outcome.instructions);
      }
      const step = { slot, startedAt, finishedAt: new Date(), ...finishedOf(outcome) };
      if (instant) unwritten.instant.push(step);
      else unwritten.effectful = step;
      replaceRecord(records, recordOf(step));
    }
  }

  /**
   * The step's outcome; an executor that throws fails its step (and so the run). A step that
   * waits on a model, an HTTP call or the sandbox runs outside the engine's database gate and
   * holds no connection meanwhile; one whose work is statements (`wiki.*`) passes the gate, and
   * one that evaluates code waits for a sandbox slot of the engine (CPU-bound, bounded apart).
   */
  private runStep(
    run: ClaimedRun,
    index: number,
    step: WorkflowStep,
    records: readonly StepRecord[],
  ): Promise<StepOutcome> {
    const executor = this.executors.of(step.block);
    const execute = (): Promise<StepOutcome> =>
      executor.execute({ run, step, index, scope: scopeOf(run, records) });
    const bounded = executor.usesDatabase
      ? this.db(run, execute)
      : executor.usesSandbox
        ? this.sandboxSlots.run(run.companyId, execute)
        : execute();
    return bounded.catch((error: Error): StepOutcome => {
      this.logger.warn(`run ${run.id} step ${step.id} threw: ${error.message}`);
      return { kind: 'failed', error: { code: 'step_error', message: error.message } };
    });
  }

  /** `work` on the database, in the run's company's lane of the engine's share of the pool. */
  private db<T>(run: ClaimedRun, work: () => Promise<T>): Promise<T> {
    return this.gate.run(run.companyId, work);
  }

  /** Keeps the claimed lease alive for as long as `work` holds the run. */
  private async whileHeartbeating<T>(run: ClaimedRun, work: () => Promise<T>): Promise<T> {
    const timer = setInterval(() => {
      this.db(run, () => this.runs.heartbeat(run.id, run.leaseGeneration)).catch((error: Error) => {
        this.logger.warn(`run ${run.id} heartbeat failed: ${error.message}`);
      });
    }, HEARTBEAT_MS);
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  }

  private async sleep(
    run: ClaimedRun,
    slot: StepSlot,
    until: Date,
    output: unknown,
  ): Promise<ExecutionEnd> {
    const sleepingGeneration = await this.db(run, () =>
      this.dataSource.transaction(async (manager) => {
        if (!(await this.runs.lockHeld(manager, run.id, run.leaseGeneration))) return null;
        await this.steps.markFinished(manager, slot, run.leaseGeneration, {
          status: 'completed',
          output,
          error: null,
        });
        return this.runs.sleepUntil(manager, run.id, until);
      }),
    );
    if (sleepingGeneration === null) return 'lease_lost';
    await this.queue.wakeAt(run, sleepingGeneration, until);
    return 'sleeping';
  }

  private async awaitWorkPacket(
    run: ClaimedRun,
    slot: StepSlot,
    instructions: string,
  ): Promise<ExecutionEnd> {
    return this.db(run, () =>
      this.dataSource.transaction(async (manager) => {
        if (!(await this.runs.lockHeld(manager, run.id, run.leaseGeneration))) return 'lease_lost';
        await this.packets.insertOnce(manager, {
          runId: run.id,
          stepIndex: slot.index,
          instructions,
        });
        await this.steps.markWaiting(manager, slot);
        await this.runs.awaitWorkPacket(manager, run.id);
        return 'awaiting_work_packet' as const;
      }),
    );
  }

  private async finish(
    run: ClaimedRun,
    records: readonly StepRecord[],
    status: TerminalRunStatus,
    error: StepError | null,
    unwritten: Unwritten = nothingUnwritten(),
  ): Promise<ExecutionEnd> {
    const manager = this.dataSource.manager;
    let pending = unwritten;
    if (status === 'completed' && run.outputPage && (pending.effectful || pending.instant.length)) {
      // The page is for a run that completes: its steps are written first, and a cancel asked for
      // meanwhile is seen before it.
      const toWrite = unwrittenRecords(pending);
      const written = await this.db(run, () =>
        this.steps.recordFinished(manager, run.id, run.leaseGeneration, toWrite),
      );
      if (written === 'lease_lost') return 'lease_lost';
      if (written === 'cancel_requested')
        return this.finish(run, records, 'cancelled', CANCELLED_BY_REQUEST);
      pending = nothingUnwritten();
    }
    const pageError =
      status === 'completed' ? await this.db(run, () => this.outputPage.write(run, records)) : null;
    const [endStatus, endError] = pageError ? (['failed', pageError] as const) : [status, error];
    const rest = unwrittenRecords(pending);
    const ended = await this.db(run, () =>
      this.reports.finishHeld(manager, run, endStatus, endError, rest),
    );
    return ended ?? 'lease_lost';
  }
}
