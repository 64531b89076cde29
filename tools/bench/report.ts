/** One target of an issue, checked against a measurement of this run. */
export interface Check {
  id: string;
  target: string;
  measured: string;
  pass: boolean;
}

export interface BenchReport {
  title: string;
  /** Markdown tables of the measurements. */
  tables: string[];
  checks: Check[];
  notes: string[];
}

type Cell = string | number;

/** A Markdown table (so that the output pastes into docs/benchmarks.md as it is). */
export function table(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const cells = [headers, ...rows].map((row) => row.map(String));
  const widths = headers.map((_, column) =>
    Math.max(3, ...cells.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: readonly string[]): string =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [
    line(cells[0]),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...cells.slice(1).map(line),
  ].join('\n');
}

export const fixed = (value: number, digits = 1): string => value.toFixed(digits);
export const percent = (ratio: number): string => `${(ratio * 100).toFixed(1)} %`;
export const verdict = (pass: boolean): string => (pass ? 'PASS' : 'FAIL');

/** Check of a ratio that must reach `minimum`. */
export function ratioCheck(id: string, label: string, ratio: number, minimum: number): Check {
  return {
    id,
    target: `${label} ≥ ${percent(minimum)}`,
    measured: percent(ratio),
    pass: ratio >= minimum,
  };
}

export function printReport(report: BenchReport): void {
  const out: string[] = [`\n## ${report.title}\n`];
  for (const tableText of report.tables) out.push(tableText, '');
  if (report.checks.length > 0) out.push(checksTable(report.checks), '');
  for (const note of report.notes) out.push(`- ${note}`);
  process.stdout.write(`${out.join('\n')}\n`);
}

export function checksTable(checks: readonly Check[]): string {
  return table(
    ['check', 'target', 'measured', 'result'],
    checks.map((check) => [check.id, check.target, check.measured, verdict(check.pass)]),
  );
}

export const say = (line = ''): void => void process.stderr.write(`bench: ${line}\n`);
