import type { QueueName } from '../queue-names';

/**
 * The queues a process consumes, as its composition root declares them
 * (`QueueModule.register({ consumes })`). `composed`: whichever queues the composed modules bring
 * processors for (test compositions), each still with exactly one.
 */
export type QueueConsumption = readonly QueueName[] | 'composed';

/** One `@Processor` provider found in the process. */
export interface ProcessorSite {
  queue: string;
  /** The processor's class. */
  processor: string;
  /** The module that provides it, by name, and by an id that tells two instances apart. */
  module: string;
  moduleId: string;
}

/**
 * What is wrong with the process's queue wiring, in one line, or null when every queue it
 * consumes has exactly one processor and it has a processor of no other queue. One processor
 * is one class provided by one module: the workers of several instances of it (the hook
 * deliveries' lanes) share one handler.
 */
export function queueWiringProblem(
  consumes: QueueConsumption,
  sites: readonly ProcessorSite[],
): string | null {
  const byQueue = new Map<string, Map<string, ProcessorSite>>();
  for (const site of sites) {
    const processors = byQueue.get(site.queue) ?? new Map<string, ProcessorSite>();
    processors.set(`${site.processor}@${site.moduleId}`, site);
    byQueue.set(site.queue, processors);
  }
  const declared: ReadonlySet<string> = new Set(
    consumes === 'composed' ? byQueue.keys() : consumes,
  );
  const problems: string[] = [];
  for (const queue of declared) {
    const processors = [...(byQueue.get(queue)?.values() ?? [])];
    if (processors.length === 0) {
      problems.push(`${queue} has no processor; expected exactly 1`);
    } else if (processors.length > 1) {
      problems.push(
        `${queue} has ${processors.length} processors (${labels(processors)}); expected exactly 1`,
      );
    }
  }
  for (const [queue, processors] of byQueue) {
    if (declared.has(queue)) continue;
    problems.push(
      `${labels([...processors.values()])} would consume ${queue}, which this process does not (it consumes ${
        declared.size === 0 ? 'no queue' : [...declared].join(', ')
      })`,
    );
  }
  return problems.length === 0 ? null : `queue wiring: ${problems.join('; ')}`;
}

/** Class names, with their modules where a class name alone would not tell them apart. */
function labels(processors: readonly ProcessorSite[]): string {
  const count = (name: string) => processors.filter((each) => each.processor === name).length;
  return processors
    .map((each) =>
      count(each.processor) > 1 ? `${each.processor} of ${each.module}` : each.processor,
    )
    .join(', ');
}
