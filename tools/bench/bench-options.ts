import { parseArgs } from 'node:util';

export interface BenchOptions {
  /** Pages to seed (a reused database keeps what it has when it holds at least this many). */
  pages: number;
  /** Seconds of each measured load run. */
  duration: number;
  /** Seconds of the warm-up before each measured run. */
  warmup: number;
  /** Alternating slices the measured seconds of a comparison are split into. */
  rounds: number;
  /** Connections of the throughput runs (A, D). */
  connections: number;
  /** Use this database (created and seeded when missing) instead of a fresh throw-away one. */
  reuse?: string;
  /** Leave the database in place at the end. */
  keep: boolean;
  /** Skip the `npm start` timing of benchmark B. */
  skipNpmStart: boolean;
}

const positiveNumber = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0)
    throw new Error(`--${name} must be a positive number`);
  return parsed;
};

/** The options every benchmark entry point accepts. */
export function readBenchOptions(argv: string[] = process.argv.slice(2)): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      pages: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      rounds: { type: 'string' },
      reuse: { type: 'string' },
      keep: { type: 'boolean', default: false },
      'skip-npm-start': { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.reuse !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(values.reuse))
    throw new Error('--reuse takes a database name of lower-case letters, digits and _');
  return {
    pages: Math.round(positiveNumber('pages', values.pages, 100_000)),
    duration: positiveNumber('duration', values.duration, 6),
    warmup: positiveNumber('warmup', values.warmup, 1.5),
    rounds: Math.round(positiveNumber('rounds', values.rounds, 3)),
    connections: Math.round(positiveNumber('connections', values.connections, 20)),
    reuse: values.reuse,
    keep: values.keep ?? false,
    skipNpmStart: values['skip-npm-start'] ?? false,
  };
}
