/**
 * The BullMQ workers one process runs on `hook-deliveries`, sharing `HOOKS_CONCURRENCY` between
 * them. A BullMQ worker fetches jobs one after another, a Redis round trip each, and starts none
 * until it holds as many as its concurrency: one worker took ~40 ms to fill 128 at the start of a
 * burst, and would take twice that for 256. Four lanes fetch side by side and fill 256 in about
 * the time one filled 128; the more attempts in flight, the larger the batched reads and records,
 * and the less each delivery costs PostgreSQL (docs/benchmarks.md, "Four delivery lanes").
 */
export const DELIVERY_LANES = 4;

/** The attempts lane `lane` runs at once: `total` split as evenly as it goes (0: it does not run). */
export function laneConcurrency(total: number, lane: number): number {
  return Math.floor((total + lane) / DELIVERY_LANES);
}
