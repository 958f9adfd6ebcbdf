import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import autocannon from 'autocannon';
import { freePort, printTable, stopChild } from '../bench-support.ts';
import { agentTarget } from '../gateway-targets.ts';
import { flameGraphSvg, mergeStacks, type CpuProfile } from './flame-graph.ts';
import { areaRows, hotFunctionRows } from './hot-functions.ts';
import { startOurServer } from './our-server.ts';

const root = new URL('../..', import.meta.url).pathname;
export const flameGraphFile = join(root, 'bench/vs-portkey/flame-graph.svg');

/** Now on the monotonic clock, in µs: the clock V8 stamps its profile's samples with on Linux. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Our one-process server under Node's CPU profiler (`--cpu-prof`), driven at `connections` for `seconds`,
 * then stopped with SIGTERM so that it writes the profile; the samples taken under load become
 * bench/vs-portkey/flame-graph.svg, and the functions with the most self time are printed.
 */
export async function profileUnderLoad(options: { simulatorUrl: string; connections: number; seconds: number }): Promise<void> {
  const profileDirectory = mkdtempSync(join(tmpdir(), 'agentapi-cpu-profile-'));
  const server = await startOurServer({ port: await freePort(), simulatorUrl: options.simulatorUrl, workers: 1, nodeFlags: ['--cpu-prof', '--cpu-prof-dir', profileDirectory] });
  const target = agentTarget(server.url, server.key);
  await autocannon({ ...target, method: 'POST', connections: options.connections, duration: 2 }); // warm-up, left out of the graph
  const window = { fromUs: monotonicUs(), toUs: 0 };
  const result = await autocannon({ ...target, method: 'POST', connections: options.connections, duration: options.seconds });
  window.toUs = monotonicUs();
  await stopChild(server.child);

  // One profile per process: a cluster writes one for its primary too. The one with the most samples did the work.
  const profiles = readdirSync(profileDirectory)
    .filter((file) => file.endsWith('.cpuprofile'))
    .map((file) => JSON.parse(readFileSync(join(profileDirectory, file), 'utf8')) as CpuProfile);
  const profile = profiles.sort((left, right) => (right.samples?.length ?? 0) - (left.samples?.length ?? 0))[0];
  if (!profile) throw new Error(`the server wrote no CPU profile in ${profileDirectory} (exit code ${server.child.exitCode}, signal ${server.child.signalCode})`);
  // The load's samples only, unless the profile's clock is not the one measured here (then the whole run, start-up included).
  const underLoad = window.fromUs >= profile.startTime && window.toUs <= profile.endTime;
  const tree = mergeStacks(profile, underLoad ? { window } : {});
  const what = `${underLoad ? `${options.seconds} s under load` : 'the whole process, start-up included'}`;
  const title = `agentapi serve (default configuration), POST /api/agents/summarize at ${options.connections} connections: ${what}, ${tree.total} samples, ${Math.round(result.requests.average)} req/s`;
  writeFileSync(flameGraphFile, flameGraphSvg(tree, title));

  console.log(`\nCPU profile of our server: ${what}, ${tree.total} samples (${profiles.length} profile${profiles.length === 1 ? '' : 's'} written), ${Math.round(result.requests.average)} req/s, ${result.non2xx + result.errors} non-2xx + errors`);
  console.log(`Flame graph: ${relative(root, flameGraphFile)}\n`);
  printTable(['function', 'file', 'self %', 'total %'], hotFunctionRows(tree, 25));
  console.log('\nSelf time by area:\n');
  printTable(['area', 'self %'], areaRows(tree));
}
