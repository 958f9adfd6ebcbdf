import type { ChaosOptions, FaultKind } from './chaos-options.ts';
import type { SeededRandom } from './seeded-random.ts';

/** One fault: what, on which process (an index into the API processes or the workers), when and for how long. */
export interface PlannedFault {
  kind: FaultKind;
  target: number;
  /** Milliseconds after the load started. */
  atMs: number;
  /** How long the process stays killed or paused, or the link cut. */
  durationMs: number;
}

/** Long enough for /readyz to notice (it asks each service at most once a second, with a second to answer). */
const cutMs = { min: 3500, max: 5000 };
const pauseMs = { min: 1000, max: 3000 };
const killedMs = { min: 300, max: 1500 };
const gapMs = { min: 1000, max: 2500 };

/**
 * Faults one after another, never overlapping, so that each check can tell which fault it measures. Every
 * chosen kind comes once first (in a random order), then kinds at random, until the fault time is used up.
 * After a worker fault the next one waits two leases, the time a takeover is allowed.
 */
export function planFaults(options: Pick<ChaosOptions, 'faults' | 'faultSeconds' | 'apiProcesses' | 'workers' | 'leaseMs'>, random: SeededRandom): PlannedFault[] {
  const firstRound = [...options.faults].map((kind) => ({ kind, order: random.next() })).sort((a, b) => a.order - b.order).map(({ kind }) => kind);
  const faults: PlannedFault[] = [];
  let atMs = 2000;
  while (atMs < options.faultSeconds * 1000) {
    const kind = firstRound.shift() ?? random.pick(options.faults);
    const range = kind.endsWith('-cut') ? cutMs : kind.endsWith('-pause') ? pauseMs : killedMs;
    const durationMs = random.between(range.min, range.max);
    const target = random.between(0, (kind.startsWith('worker') ? options.workers : kind.startsWith('api') ? options.apiProcesses : 1) - 1);
    faults.push({ kind, target, atMs, durationMs });
    atMs += durationMs + random.between(gapMs.min, gapMs.max) + (kind.startsWith('worker') ? 2 * options.leaseMs : 0);
  }
  return faults;
}
