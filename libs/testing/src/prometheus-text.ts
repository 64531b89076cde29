export interface PrometheusSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([A-Za-z_:][A-Za-z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([A-Za-z_][A-Za-z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a Prometheus text exposition (comments and blank lines left out). */
export function parsePrometheusText(text: string): PrometheusSample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = SAMPLE_LINE.exec(line);
      if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(LABEL)].map(([, key, value]) => [
          key,
          value.replace(/\\(.)/g, (_escaped, char: string) => (char === 'n' ? '\n' : char)),
        ]),
      );
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

/** The value of the one sample named `name` whose labels include `labels`; undefined if none. */
export function sampleValue(
  samples: readonly PrometheusSample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return samples.find(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;
}
