import 'reflect-metadata';
import { cpus, loadavg, totalmem } from 'node:os';
import { prepareData, releaseData, startBench, stopBench } from './bench-context';
import { readBenchOptions } from './bench-options';
import { residentSizes } from './bench-system';
import { editBench } from './edit-bench';
import { feedbackBench } from './feedback-bench';
import { footprintBench, type NpmStartTiming, timeNpmStart } from './footprint-bench';
import { gatewayBench } from './gateway-bench';
import { hooksBench } from './hooks-bench';
import { mcpBench } from './mcp-bench';
import { type BenchReport, checksTable, fixed, printReport, say, table } from './report';
import { searchBench } from './search-bench';
import { seedReport } from './seed-bench';
import { allowBenchStarts, workflowBench } from './workflow-bench';
import { runsIoBench } from './runs-io-bench';
import { startSlowModelProvider } from './slow-model-provider';

const load = (): string =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/**
 * All benchmarks in one run: one database (seeded once), one start of the six processes, every
 * comparison measured back to back within it. Exit code 1 when a target is missed.
 */
async function main(): Promise<boolean> {
  const options = readBenchOptions();
  const started = Date.now();
  say(
    `${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GB, node ${process.version}, load ${load()}`,
  );
  const data = await prepareData(options);
  const reports: BenchReport[] = [];
  const record = (report: BenchReport): void => {
    printReport(report);
    reports.push(report);
  };
  try {
    const { rows } = await data.pool.query<{ server_version: string }>('SHOW server_version');
    say(`PostgreSQL ${rows[0].server_version}`);
    record(await seedReport(data));
    let npmStart: NpmStartTiming | null = null;
    if (!options.skipNpmStart) {
      say('timing `npm start`');
      npmStart = await timeNpmStart(data);
    }
    allowBenchStarts();
    await startSlowModelProvider();
    const context = await startBench(data);
    try {
      record(await footprintBench(context, npmStart));
      record(await gatewayBench(context));
      record(await searchBench(context));
      record(await editBench(context));
      record(await workflowBench(context));
      record(await runsIoBench(context));
      record(await hooksBench(context));
      record(await feedbackBench(context));
      record(await mcpBench(context));
      record({
        title: 'Memory after the load (information)',
        tables: [
          table(
            ['process', 'RSS after the benchmarks (MB)'],
            residentSizes(context.timed.system).map((size) => [
              size.name,
              size.mb === null ? 'n/a' : fixed(size.mb),
            ]),
          ),
        ],
        checks: [],
        notes: [],
      });
    } finally {
      await stopBench(context);
    }
  } finally {
    await releaseData(data);
  }
  const checks = reports.flatMap((report) => report.checks);
  process.stdout.write(
    `\n## Summary\n\n${checksTable(checks)}\n\n${checks.filter((check) => check.pass).length} of ${checks.length} targets met; ${((Date.now() - started) / 1000).toFixed(0)} s; load average at the end ${load()}\n`,
  );
  return checks.every((check) => check.pass);
}

main().then(
  (pass) => process.exit(pass ? 0 : 1),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(2);
  },
);
