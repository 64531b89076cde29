import type { DrillSystem } from './drill-system';

/**
 * One finding of an outside probe, reproduced against the started system. `run` throws a
 * DrillFailure (or any error) when the system still behaves as the finding describes, and
 * returns the observations that show it fixed.
 */
export interface Drill {
  /** Short kebab-case name, used to pick drills on the command line. */
  readonly name: string;
  /** The finding in one sentence, as an operator would read it. */
  readonly finding: string;
  run(system: DrillSystem): Promise<string[]>;
}

export class DrillFailure extends Error {}

/** Fails the drill with what was observed when the condition does not hold. */
export function expectThat(condition: boolean, observed: string): asserts condition {
  if (!condition) throw new DrillFailure(observed);
}
