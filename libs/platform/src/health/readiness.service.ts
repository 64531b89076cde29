import { Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import {
  type HealthCheckResult,
  HealthCheckService,
  HealthIndicatorService,
} from '@nestjs/terminus';
import { describeFailure } from './describe-failure';
import type { ReadinessEntryDto, SystemReadinessDto } from './dtos/readiness.dto';
import { type ReadinessCheck, ReadinessFailure } from './readiness-check';
import { ReadinessRegistry } from './readiness.registry';

/** Each check's deadline; all run at once, so `/ready` answers well inside a 2 s probe timeout. */
export const READINESS_CHECK_DEADLINE_MS = 500;

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, ReadinessEntryDto>;
  system?: SystemReadinessDto;
}

type TerminusDetail = HealthCheckResult['details'][string];

function toEntry(detail: TerminusDetail): ReadinessEntryDto {
  const entry: ReadinessEntryDto = {
    status: detail.status === 'down' ? 'down' : 'up',
    latency_ms: Number(detail.responseTime ?? 0),
  };
  if (typeof detail.message === 'string') entry.message = detail.message;
  return entry;
}

/**
 * Runs the registered checks with @nestjs/terminus (in parallel, each cut off at the deadline)
 * and turns its result, or the ServiceUnavailableException it throws when one is down, into
 * entries. Logs an entry's change of status once, not every probe.
 */
@Injectable()
export class ReadinessService {
  private readonly logger = new Logger('Readiness');
  private readonly lastStatus = new Map<string, ReadinessEntryDto['status']>();

  constructor(
    private readonly registry: ReadinessRegistry,
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
  ) {}

  async evaluate(): Promise<ReadinessReport> {
    const [checks, system] = await Promise.all([
      this.run(this.registry.current()),
      this.registry.system?.report(),
    ]);
    this.logChanges(checks);
    const ready = Object.values(checks).every((entry) => entry.status === 'up');
    return system ? { ready, checks, system } : { ready, checks };
  }

  /** One check alone, under the same deadline; undefined when nothing registered it. */
  async evaluateOne(name: string): Promise<ReadinessEntryDto | undefined> {
    const check = this.registry.find(name);
    return check ? (await this.run([check]))[name] : undefined;
  }

  private async run(checks: ReadinessCheck[]): Promise<Record<string, ReadinessEntryDto>> {
    let result: HealthCheckResult;
    try {
      result = await this.health.check(checks.map((check) => () => this.attempt(check)));
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      result = error.getResponse() as HealthCheckResult;
    }
    return Object.fromEntries(
      Object.entries(result.details).map(([name, detail]) => [name, toEntry(detail)]),
    );
  }

  private attempt(check: ReadinessCheck) {
    return this.indicators
      .check(check.name)
      .attempt(async ({ signal }) => {
        try {
          await check.probe(signal);
        } catch (error) {
          throw new ReadinessFailure(describeFailure(error));
        }
      })
      .withTimeout(READINESS_CHECK_DEADLINE_MS);
  }

  private logChanges(checks: Record<string, ReadinessEntryDto>): void {
    for (const [name, entry] of Object.entries(checks)) {
      const last = this.lastStatus.get(name);
      this.lastStatus.set(name, entry.status);
      if (entry.status === last || (last === undefined && entry.status === 'up')) continue;
      if (entry.status === 'down') {
        this.logger.warn(`readiness: ${name} is down (${entry.message ?? 'no reason given'})`);
      } else {
        this.logger.log(`readiness: ${name} is up again`);
      }
    }
  }
}
