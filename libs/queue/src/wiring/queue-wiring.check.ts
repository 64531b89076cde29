import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper';
// The key `@Processor` writes; @nestjs/bullmq reads it with the same import and exports neither.
import { PROCESSOR_METADATA } from '@nestjs/bullmq/dist/bull.constants';
import { ConfigError } from '@cw/platform';
import { type ProcessorSite, type QueueConsumption, queueWiringProblem } from './queue-wiring';

export const QUEUE_CONSUMPTION = Symbol('QUEUE_CONSUMPTION');

/** A process whose queue wiring is wrong: a start-up refusal of one line, like a bad setting. */
export class QueueWiringError extends ConfigError {
  override name = 'QueueWiringError';
}

/**
 * Refuses to start a process unless every queue it consumes has exactly one `@Processor` in it
 * and it has a processor of no other queue (STYLE rule 6). It runs at module init, before any
 * processor starts its worker (they do at application bootstrap), and reads the processors'
 * metadata, so it holds whether or not a switch such as `RUNS_WORKER` has them run.
 */
@Injectable()
export class QueueWiringCheck implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    @Inject(QUEUE_CONSUMPTION) private readonly consumes: QueueConsumption,
  ) {}

  onModuleInit(): void {
    const problem = queueWiringProblem(this.consumes, this.processorSites());
    if (problem) throw new QueueWiringError(problem);
  }

  private processorSites(): ProcessorSite[] {
    const sites: ProcessorSite[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const type = classOf(wrapper);
      const metadata = type
        ? this.reflector.get<{ name?: string } | undefined>(PROCESSOR_METADATA, type)
        : undefined;
      if (!type || !metadata?.name) continue;
      sites.push({
        queue: metadata.name,
        processor: type.name,
        module: wrapper.host?.metatype.name ?? 'unknown module',
        moduleId: wrapper.host?.id ?? type.name,
      });
    }
    return sites;
  }
}

/** As @nestjs/bullmq finds a processor: a factory or value provider by its instance's class. */
function classOf(wrapper: InstanceWrapper): (abstract new (...args: never[]) => unknown) | null {
  const type: unknown =
    !wrapper.metatype || wrapper.inject
      ? (wrapper.instance as { constructor?: unknown } | undefined)?.constructor
      : wrapper.metatype;
  return typeof type === 'function' ? (type as abstract new (...args: never[]) => unknown) : null;
}
