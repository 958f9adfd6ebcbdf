import { runChecks, type CheckResult } from './chaos-checks.ts';
import { startChaosCluster, type ChaosCluster, type UnexpectedExit } from './chaos-cluster.ts';
import { startChaosLoad } from './chaos-load.ts';
import type { ChaosOptions } from './chaos-options.ts';
import { injectFaults, sleep, type FaultRecord } from './fault-injector.ts';
import { planFaults } from './fault-schedule.ts';
import { seededRandom } from './seeded-random.ts';

export interface ChaosRunResult {
  options: ChaosOptions;
  faults: FaultRecord;
  results: CheckResult[];
  /** From the end of the faults until the runs finished and the holds settled (or the settle time ran out). */
  settledMs: number;
  unexpectedExits: UnexpectedExit[];
}

/** Waits until every playbook run of the accounts has finished and no quota hold is left, at most `withinMs`. */
async function settle(cluster: ChaosCluster, withinMs: number): Promise<void> {
  const deadline = performance.now() + withinMs;
  const accounts = cluster.accounts.map((account) => account.id);
  while (performance.now() < deadline) {
    const { rows } = await cluster.pool.query<{ open_runs: string; holds: string }>(
      `SELECT (SELECT COUNT(*) FROM playbook_runs WHERE account_id = ANY($1) AND status NOT IN ('done', 'failed', 'canceled')) AS open_runs,
              (SELECT COUNT(*) FROM usage_holds) AS holds`,
      [accounts],
    );
    if (Number(rows[0]?.open_runs) === 0 && Number(rows[0]?.holds) === 0) return;
    await sleep(250);
  }
}

/**
 * One chaos run: starts the cluster, sends the load while the seeded faults come one after another, stops
 * the load, lets the work settle, and checks what is stored. Every process it started is stopped and its
 * database dropped before it returns or throws.
 */
export async function runChaos(options: ChaosOptions, log: (line: string) => void = () => undefined): Promise<ChaosRunResult> {
  const schedule = planFaults(options, seededRandom(options.seed));
  log(`chaos: seed ${options.seed}, ${schedule.length} faults over ${options.faultSeconds} s (${options.faults.join(', ')}), ${options.apiProcesses} API processes, ${options.workers} workers`);
  const cluster = await startChaosCluster(options);
  try {
    const day = new Date().toISOString().slice(0, 10);
    const load = startChaosLoad(cluster.apis, cluster.accounts, options);
    const startedAt = performance.now();
    const faults = await injectFaults(cluster, load, schedule, startedAt, options.leaseMs);
    await sleep(Math.max(0, startedAt + options.faultSeconds * 1000 - performance.now()));
    for (const fault of faults.applied) log(`  ${Math.round(fault.from - startedAt)} ms: ${fault.kind}${fault.process ? ` ${fault.process}` : ''} for ${Math.round(fault.to - fault.from)} ms`);
    await load.stop();
    // Checks read usage through the API: processes that crashed must be up again first.
    await cluster.untilRestarted();
    const settleStarted = performance.now();
    // Holds of killed processes expire after the hold time and are given back within half of it more.
    await sleep(1.5 * options.quotaHoldMs);
    await settle(cluster, options.settleSeconds * 1000);
    const settledMs = performance.now() - settleStarted;
    log(`chaos: settled in ${Math.round(settledMs)} ms`);
    const results = await runChecks({ cluster, answers: load.answers, playbookRuns: load.playbookRuns, faults, leaseMs: options.leaseMs, day });
    return { options, faults, results, settledMs, unexpectedExits: cluster.unexpectedExits };
  } finally {
    await cluster.close();
  }
}
