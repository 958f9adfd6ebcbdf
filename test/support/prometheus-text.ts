/** One sample line of the Prometheus text format. */
export interface PrometheusSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Every sample of an exposition, comments and type lines skipped. */
export function parsePrometheusText(text: string): PrometheusSample[] {
  return text.split('\n').flatMap((line) => {
    const match = sampleLine.exec(line.trim());
    if (!match || line.startsWith('#')) return [];
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(labelPair)].map((pair) => [pair[1] as string, JSON.parse(`"${pair[2]}"`) as string]));
    return [{ name: match[1] as string, labels, value: Number(match[3]) }];
  });
}

/** The sum of the samples of one metric whose labels include the given ones. */
export function sumOf(samples: readonly PrometheusSample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((total, sample) => total + sample.value, 0);
}
