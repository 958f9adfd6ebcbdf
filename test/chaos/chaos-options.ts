/** What one chaos run does: how long, which faults, how many processes; see docs/chaos.md. */
export const faultKinds = ['api-kill', 'api-pause', 'worker-kill', 'worker-pause', 'redis-cut', 'postgres-cut'] as const;
export type FaultKind = (typeof faultKinds)[number];

export interface ChaosOptions {
  seed: number;
  /** How long faults are injected, while the load runs. */
  faultSeconds: number;
  /** The longest wait, once faults and load stop, for runs to finish and holds to settle. */
  settleSeconds: number;
  faults: readonly FaultKind[];
  apiProcesses: number;
  workers: number;
  /** PLAYBOOK_LEASE_MS of every process: the takeover bound is measured against it. */
  leaseMs: number;
  /** QUOTA_HOLD_MS of every process. */
  quotaHoldMs: number;
  /** Added by the upstream simulator to every model call, so that steps and requests are in flight when faults come. */
  upstreamLatencyMs: number;
  /** Agent runs sent per second, spread over the accounts and API processes. */
  agentRunsPerSecond: number;
  playbookRunsPerSecond: number;
}

export const defaultChaosOptions: ChaosOptions = {
  seed: 1,
  faultSeconds: 120,
  settleSeconds: 30,
  faults: faultKinds,
  apiProcesses: 3,
  workers: 2,
  leaseMs: 1500,
  quotaHoldMs: 1000,
  upstreamLatencyMs: 400,
  agentRunsPerSecond: 3,
  playbookRunsPerSecond: 0.5,
};

function numberFrom(environment: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = environment[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${text}"`);
  return value;
}

function faultsFrom(text: string | undefined): readonly FaultKind[] {
  if (text === undefined || text.trim() === '') return faultKinds;
  const chosen = text.split(',').map((kind) => kind.trim());
  const unknown = chosen.filter((kind) => !(faultKinds as readonly string[]).includes(kind));
  if (unknown.length > 0 || chosen.length === 0) throw new Error(`CHAOS_FAULTS takes a comma-separated list of ${faultKinds.join(', ')}; unknown: ${unknown.join(', ')}`);
  return chosen as FaultKind[];
}

/** The options of `npm run chaos`, from CHAOS_* variables; a seed is drawn at random unless CHAOS_SEED gives one. */
export function chaosOptionsFrom(environment: NodeJS.ProcessEnv): ChaosOptions {
  return {
    ...defaultChaosOptions,
    seed: numberFrom(environment, 'CHAOS_SEED', Math.floor(Math.random() * 1_000_000)),
    faultSeconds: numberFrom(environment, 'CHAOS_SECONDS', defaultChaosOptions.faultSeconds),
    settleSeconds: numberFrom(environment, 'CHAOS_SETTLE_SECONDS', defaultChaosOptions.settleSeconds),
    faults: faultsFrom(environment.CHAOS_FAULTS),
    apiProcesses: Math.max(1, numberFrom(environment, 'CHAOS_API_PROCESSES', defaultChaosOptions.apiProcesses)),
    workers: Math.max(1, numberFrom(environment, 'CHAOS_WORKERS', defaultChaosOptions.workers)),
  };
}
