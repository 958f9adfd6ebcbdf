import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chaosChecks, type ChaosCheck, type CheckResult } from './chaos-checks.ts';
import { closeOpenClusters } from './chaos-cluster.ts';
import { defaultChaosOptions, faultKinds, type ChaosOptions } from './chaos-options.ts';
import { runChaos, type ChaosRunResult } from './chaos-run.ts';
import { resultsTable } from './results-table.ts';

/**
 * The short chaos run of `npm test`: a fixed seed, about a minute of faults. Every kind comes once, and the
 * worker kill and the PostgreSQL cut twice, so that a fault that shows only some of the time shows here.
 */
const options: ChaosOptions = { ...defaultChaosOptions, seed: 17, faultSeconds: 40, settleSeconds: 15, faults: [...faultKinds, 'worker-kill', 'postgres-cut'] };

let run: ChaosRunResult | undefined;

beforeAll(async () => {
  run = await runChaos(options);
  console.log(`chaos (seed ${options.seed}):\n${resultsTable(run.results)}`);
  for (const exit of run.unexpectedExits) console.log(`${exit.name} exited ${String(exit.code ?? exit.signal)}:\n${exit.lastOutput.slice(-1200)}`);
}, 420_000);

afterAll(async () => {
  // runChaos stops every process it started and drops its database before it returns or throws; this is for
  // a run cut short by the hook's timeout.
  await closeOpenClusters();
});

function resultOf(check: ChaosCheck): CheckResult {
  const result = run?.results.find((candidate) => candidate.check === check);
  if (!result) throw new Error(`the chaos run did not check "${check}"`);
  return result;
}

describe(`a short chaos run: ${options.apiProcesses} API processes, ${options.workers} workers, PostgreSQL and Redis cut, processes killed and paused`, () => {
  it('applied every kind of fault', () => {
    expect(new Set(run?.faults.applied.map((fault) => fault.kind))).toEqual(new Set(options.faults));
  });

  for (const check of chaosChecks) {
    it(check, () => {
      const result = resultOf(check);
      expect(result.passed, result.numbers).toBe(true);
    });
  }
});
