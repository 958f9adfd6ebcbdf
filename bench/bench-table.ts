// The benchmarks' table and arguments, apart from bench-support.ts so that a benchmark of in-process code
// loads nothing else: loading ioredis alone makes string-heavy code about 2.5 times slower (see
// docs/performance.md, "Safety screen latency").

/** Prints a markdown table, so results paste straight into docs. */
export function printTable(headers: string[], rows: (string | number)[][]): void {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells: (string | number)[]) => `| ${cells.map((cell, column) => String(cell).padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

export function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
