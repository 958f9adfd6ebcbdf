import type { CheckResult } from './chaos-checks.ts';

/** The checks as a plain-text table: check, result, numbers. */
export function resultsTable(results: readonly CheckResult[]): string {
  const rows = [['check', 'result', 'numbers'], ...results.map((result) => [result.check, result.passed ? 'pass' : 'FAIL', result.numbers])];
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column] ?? 0) : cell)).join(' | ');
  return [line(rows[0] ?? []), widths.map((width) => '-'.repeat(width)).concat('-'.repeat(7)).join('-|-'), ...rows.slice(1).map(line)].join('\n');
}
