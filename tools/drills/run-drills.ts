import { ALL_DRILLS } from './all-drills';
import { DrillFailure } from './drill';
import { startDrillSystem } from './drill-system';

const say = (line: string): void => void process.stdout.write(`${line}\n`);

/**
 * `npm run drills [-- name ...]`: reproduces each finding of the hostile-client and
 * failing-parts probe (issue 8) against six started processes on a stack of their own, and
 * shows it fixed. Exit 1 when any drill fails. docs/operations.md describes each drill.
 */
async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const unknown = wanted.filter((name) => !ALL_DRILLS.some((drill) => drill.name === name));
  if (unknown.length > 0) {
    say(`unknown drill: ${unknown.join(', ')}; known: ${ALL_DRILLS.map((d) => d.name).join(', ')}`);
    process.exit(2);
  }
  const chosen = wanted.length > 0 ? ALL_DRILLS.filter((d) => wanted.includes(d.name)) : ALL_DRILLS;
  const started = await startDrillSystem(say);
  const drills = started.drills;
  const failed: string[] = [];
  try {
    for (const drill of chosen) {
      say(`\n== ${drill.name}: ${drill.finding}`);
      const began = Date.now();
      try {
        const observations = await drill.run(drills);
        for (const line of observations) say(`   ${line}`);
        say(`   PASS (${((Date.now() - began) / 1000).toFixed(1)} s)`);
      } catch (error) {
        failed.push(drill.name);
        const reason =
          error instanceof DrillFailure ? error.message : String((error as Error).stack ?? error);
        say(`   FAIL: ${reason}`);
      }
    }
  } finally {
    await started.stop();
  }
  say(
    `\ndrills: ${chosen.length - failed.length} passed, ${failed.length} failed${failed.length ? ` (${failed.join(', ')})` : ''}`,
  );
  process.exit(failed.length > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  say(`drills failed to start: ${(error as Error).message}`);
  process.exit(1);
});
