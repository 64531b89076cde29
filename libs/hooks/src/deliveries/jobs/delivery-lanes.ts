/**
 * The BullMQ workers one process runs on `hook-deliveries`, sharing `HOOKS_CONCURRENCY` between
 * them. A BullMQ worker fetches jobs one after another, and starts none until it holds as many as
 * its concurrency: alone with 128, a burst after a quiet spell sent its tenth attempt ~40 ms
 * late. Four lanes fetch side by side, so a burst starts in a quarter of that time and more
 * attempts can be in flight, which makes the batched reads and records larger
 * (docs/benchmarks.md, "H1: four delivery lanes").
 */
export const DELIVERY_LANES = 4;

/** The attempts lane `lane` runs at once: `total` split as evenly as it goes (0: it does not run). */
export function laneConcurrency(total: number, lane: number): number {
  return Math.floor((total + lane) / DELIVERY_LANES);
}
