/**
 * How much to fuzz. Under `npm test`: a fixed seed and few runs per route, so the suite is quick and the
 * same every time. Under `npm run fuzz` (FUZZ_LONG=1): a random seed, printed, and many runs. FUZZ_SEED,
 * FUZZ_RUNS and FUZZ_PATH replay a failure exactly.
 */
export interface FuzzSettings {
  seed: number;
  numRuns: number;
  path: string | undefined;
  long: boolean;
}

const fixedSeed = 20_261_125;
const quickRuns = 25;
const longRuns = 2_000;

export function fuzzSettings(env: NodeJS.ProcessEnv = process.env): FuzzSettings {
  const long = env.FUZZ_LONG === '1';
  const seed = env.FUZZ_SEED ? Number(env.FUZZ_SEED) : long ? Math.floor(Math.random() * 2 ** 31) : fixedSeed;
  const numRuns = env.FUZZ_RUNS ? Number(env.FUZZ_RUNS) : long ? longRuns : quickRuns;
  if (!Number.isInteger(seed) || !Number.isInteger(numRuns) || numRuns < 1) throw new Error('FUZZ_SEED and FUZZ_RUNS must be integers (FUZZ_RUNS at least 1)');
  return { seed, numRuns, path: env.FUZZ_PATH || undefined, long };
}

/** The command that replays a failure of one route's property. */
export function replayCommand(settings: FuzzSettings, routeName: string, path: string | undefined): string {
  return `FUZZ_SEED=${settings.seed} FUZZ_RUNS=${settings.numRuns}${path ? ` FUZZ_PATH=${path}` : ''} npm run fuzz -- -t "${routeName}"`;
}
