import Table from 'cli-table3';
import { createColors } from 'picocolors';

export type Colors = ReturnType<typeof createColors>;

/** Colours only on a terminal, never with NO_COLOR (https://no-color.org) or TERM=dumb. */
export function colorsFor(
  stream: { isTTY?: boolean },
  env: NodeJS.ProcessEnv,
  disabled: boolean,
): Colors {
  const enabled = !disabled && stream.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb';
  return createColors(enabled);
}

export interface Column<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

/** Where a command writes: results on stdout, notes and progress on stderr. */
export class Output {
  readonly colors: Colors;
  readonly errorColors: Colors;

  constructor(
    readonly json: boolean,
    private readonly stdout: NodeJS.WritableStream & { isTTY?: boolean },
    private readonly stderr: NodeJS.WritableStream & { isTTY?: boolean },
    env: NodeJS.ProcessEnv,
    noColor: boolean,
  ) {
    this.colors = colorsFor(stdout, env, noColor);
    this.errorColors = colorsFor(stderr, env, noColor);
  }

  get stderrIsTerminal(): boolean {
    return this.stderr.isTTY === true;
  }

  /** The command's answer: JSON with --json, else what `human` prints. */
  result(answer: unknown, human: () => void): void {
    if (this.json) this.write(`${JSON.stringify(answer, null, 2)}\n`);
    else human();
  }

  write(text: string): void {
    this.stdout.write(text);
  }

  line(text = ''): void {
    this.stdout.write(`${text}\n`);
  }

  /** A note for the person (never part of the answer a script reads). */
  note(text: string): void {
    this.stderr.write(`${text}\n`);
  }

  table<Row>(rows: readonly Row[], columns: Column<Row>[], empty = 'Nothing to show.'): void {
    if (rows.length === 0) {
      this.line(this.colors.dim(empty));
      return;
    }
    const table = new Table({
      head: columns.map((column) => this.colors.bold(column.header)),
      style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
      chars: {
        top: '',
        'top-mid': '',
        'top-left': '',
        'top-right': '',
        bottom: '',
        'bottom-mid': '',
        'bottom-left': '',
        'bottom-right': '',
        left: '',
        'left-mid': '',
        mid: '',
        'mid-mid': '',
        right: '',
        'right-mid': '',
        middle: '  ',
      },
    });
    for (const row of rows) table.push(columns.map((column) => cell(column.value(row))));
    this.line(
      table
        .toString()
        .split('\n')
        .map((line) => line.trimEnd())
        .join('\n'),
    );
  }

  /** Label and value pairs, aligned. */
  fields(pairs: Array<[string, string | number | boolean | null | undefined]>): void {
    const width = Math.max(...pairs.map(([label]) => label.length));
    for (const [label, value] of pairs)
      this.line(`${this.colors.bold(label.padEnd(width))}  ${cell(value)}`);
  }
}

function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  return String(value);
}
