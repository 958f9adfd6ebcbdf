import type { ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { treeCpuMs, treePeakRssMb } from '../bench-processes.ts';
import { argument, freePort, printTable, stopChild } from '../bench-support.ts';
import { mean, median } from '../bench-statistics.ts';
import { agentTarget, directTarget, portkeyTarget, recordUpstreamBody, startPortkey, startSimulator, type RequestTarget } from '../gateway-targets.ts';
import { profileUnderLoad } from './flame-phase.ts';
import { startOurServer } from './our-server.ts';

/**
 * This service against Portkey's open-source gateway, both in front of the local provider simulator: the
 * simulator called directly (the limit), Portkey, and our server with its default configuration as one
 * process and as `--workers N`, driven in interleaved rounds at each connection count.
 * For each: requests/s, p50 and p99, CPU per request over the target's whole process tree (a cluster's
 * primary and workers, every thread), the peak resident memory of its largest process, and the targets'
 * ratios. Then a flame graph of our one-process server under load (bench/vs-portkey/flame-graph.svg).
 * Run: npm run bench:vs-portkey [-- --duration 8 --rounds 2 --connections 10,50 --workers 2 --flame-duration 6]
 * `--flame` profiles only; `--no-flame` skips the profile.
 */
const duration = argument('duration', 8);
const rounds = argument('rounds', 2);
const workers = argument('workers', cpus().length);
const flameSeconds = argument('flame-duration', 6);
const connectionCounts = listArgument('connections', [10, 50]);
const flameOnly = process.argv.includes('--flame');
const withFlame = flameOnly || !process.argv.includes('--no-flame');
/** The issue's targets: per process at most 200 MB resident under load. */
const rssLimitMb = 200;

function listArgument(name: string, fallback: number[]): number[] {
  const index = process.argv.indexOf(`--${name}`);
  const values = (index >= 0 ? (process.argv[index + 1] ?? '') : '').split(',').map(Number);
  return values.every((value) => Number.isInteger(value) && value > 0) ? values : fallback;
}

interface Target {
  name: string;
  request: RequestTarget;
  /** The process whose tree does the target's work: the simulator itself when it is called directly. */
  pid: number | undefined;
}

interface Sample {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  cpuUsPerRequest: number;
  loaderCpuUsPerRequest: number;
  peakRssMb: number;
  processes: number;
  failures: number;
}

async function drive(target: Target, connections: number, seconds: number): Promise<Sample> {
  const cpuBefore = treeCpuMs(target.pid);
  const loaderBefore = process.cpuUsage();
  const result = await autocannon({ ...target.request, method: 'POST', connections, duration: seconds });
  const loader = process.cpuUsage(loaderBefore);
  const cpuMs = treeCpuMs(target.pid) - cpuBefore;
  const requests = Math.max(1, result.requests.total);
  const rss = treePeakRssMb(target.pid);
  if (result.non2xx > 0 || result.errors > 0) process.stderr.write(`${target.name} @${connections}: ${result.non2xx} non-2xx, ${result.errors} errors\n`);
  // autocannon stops with requests in flight: they end before the next target starts.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuUsPerRequest: (cpuMs * 1000) / requests,
    loaderCpuUsPerRequest: (loader.user + loader.system) / requests,
    peakRssMb: rss.mb,
    processes: rss.processes,
    failures: result.non2xx + result.errors,
  };
}

function summarise(samples: Sample[]) {
  return {
    requestsPerSecond: mean(samples.map((sample) => sample.requestsPerSecond)),
    p50: median(samples.map((sample) => sample.p50)),
    p99: median(samples.map((sample) => sample.p99)),
    cpuUsPerRequest: mean(samples.map((sample) => sample.cpuUsPerRequest)),
    loaderCpuUsPerRequest: mean(samples.map((sample) => sample.loaderCpuUsPerRequest)),
    peakRssMb: Math.max(0, ...samples.map((sample) => sample.peakRssMb)),
    processes: Math.max(0, ...samples.map((sample) => sample.processes)),
    failures: samples.reduce((sum, sample) => sum + sample.failures, 0),
  };
}
type Summary = ReturnType<typeof summarise>;

const verdict = (met: boolean) => (met ? 'met' : 'not met');

/** The issue's targets, each as a line: ratios to Portkey in this run. */
function printTargets(results: Map<number, Map<string, Summary>>, single: string, cluster: string): void {
  console.log('');
  for (const [connections, byTarget] of results) {
    const portkey = byTarget.get('Portkey gateway') as Summary;
    const one = byTarget.get(single) as Summary;
    const many = byTarget.get(cluster) as Summary;
    const throughput = one.requestsPerSecond / portkey.requestsPerSecond;
    const cpu = one.cpuUsPerRequest / portkey.cpuUsPerRequest;
    console.log(`@${connections} connections:`);
    console.log(`  throughput, 1 process / Portkey: ${throughput.toFixed(2)}× (target ≥ 1×): ${verdict(throughput >= 1)}`);
    console.log(`  CPU per request, 1 process / Portkey: ${cpu.toFixed(2)} (target ≤ 1): ${verdict(cpu <= 1)}`);
    const scaled = many.requestsPerSecond / portkey.requestsPerSecond;
    console.log(`  throughput, --workers ${workers} / Portkey: ${scaled.toFixed(2)}× (target ≥ 2×): ${verdict(scaled >= 2)}`);
    console.log(`  CPU per request, --workers ${workers} / Portkey: ${(many.cpuUsPerRequest / portkey.cpuUsPerRequest).toFixed(2)}`);
    const p99 = (summary: Summary) => `${summary.p99} ms ${verdict(summary.p99 < portkey.p99)}`;
    console.log(`  p99 below Portkey's ${portkey.p99} ms: 1 process ${p99(one)}, --workers ${workers} ${p99(many)}`);
  }
  const rss = (name: string) => Math.max(...[...results.values()].map((byTarget) => byTarget.get(name)?.peakRssMb ?? 0));
  const rssLine = (name: string) => `${name} ${rss(name)} MB ${verdict(rss(name) <= rssLimitMb)}`;
  console.log(`Peak RSS per process under load (target ≤ ${rssLimitMb} MB): ${rssLine(single)}; ${rssLine(cluster)}; Portkey ${rss('Portkey gateway')} MB`);
}

const started: ChildProcess[] = [];
const loadBefore = loadavg();
try {
  const simulator = await startSimulator(await freePort());
  started.push(simulator.child);

  if (!flameOnly) {
    const portkeyPort = await freePort();
    const portkey = await startPortkey(portkeyPort);
    started.push(portkey);
    const single = await startOurServer({ port: await freePort(), simulatorUrl: simulator.url, workers: 1 });
    started.push(single.child);
    const cluster = await startOurServer({ port: await freePort(), simulatorUrl: simulator.url, workers });
    started.push(cluster.child);

    const ours = agentTarget(single.url, single.key);
    const upstreamBody = await recordUpstreamBody(ours, simulator.url);
    const singleName = 'ours, 1 process';
    const clusterName = `ours, --workers ${workers}`;
    const targets: Target[] = [
      { name: 'direct (simulator)', request: directTarget(simulator.url, upstreamBody), pid: simulator.child.pid },
      { name: 'Portkey gateway', request: portkeyTarget(portkeyPort, simulator.url, upstreamBody), pid: portkey.pid },
      { name: singleName, request: ours, pid: single.child.pid },
      { name: clusterName, request: agentTarget(cluster.url, cluster.key), pid: cluster.child.pid },
    ];

    for (const target of targets) await drive(target, 10, 2); // warm-up: JIT, connections, prepared statements
    const samples = new Map<string, Sample[]>();
    for (let round = 0; round < rounds; round += 1) {
      for (const connections of connectionCounts) {
        // Each round starts with a different target, so that none always runs right after the same neighbour.
        for (let index = 0; index < targets.length; index += 1) {
          const target = targets[(index + round) % targets.length] as Target;
          const key = `${connections} ${target.name}`;
          samples.set(key, [...(samples.get(key) ?? []), await drive(target, connections, duration)]);
        }
      }
    }
    const loadAfter = loadavg();

    const results = new Map(connectionCounts.map((connections) => [connections, new Map(targets.map((target) => [target.name, summarise(samples.get(`${connections} ${target.name}`) ?? [])]))]));
    const rows = connectionCounts.flatMap((connections) =>
      targets.map((target) => {
        const summary = results.get(connections)?.get(target.name) as Summary;
        return [
          target.name,
          connections,
          Math.round(summary.requestsPerSecond),
          summary.p50,
          summary.p99,
          Math.round(summary.cpuUsPerRequest),
          Math.round(summary.loaderCpuUsPerRequest),
          `${summary.peakRssMb} (${summary.processes})`,
          summary.failures,
        ];
      }),
    );
    const loads = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
    console.log(`\nPOST /api/agents/summarize (openai/gpt-5-mini) on our server, default configuration; the same upstream body direct and through Portkey.`);
    console.log(`${rounds} interleaved rounds of ${duration} s at ${connectionCounts.join(' and ')} connections. Node ${process.version}, ${cpus().length} CPU (${cpus()[0]?.model ?? 'unknown'}).`);
    console.log(`Load generator, simulator and every target share the machine. Load average (1/5/15 min) before: ${loads(loadBefore)}; after: ${loads(loadAfter)}.`);
    console.log(`CPU µs per request: the target's whole process tree (for direct, the simulator's). Peak RSS: the high-water mark of its largest\nprocess since it started, after the runs so far (how many processes).\n`);
    printTable(['target', 'connections', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/request', 'load generator CPU µs/request', 'peak RSS MB (processes)', 'non-2xx + errors'], rows);
    printTargets(results, singleName, clusterName);
  }

  if (withFlame) await profileUnderLoad({ simulatorUrl: simulator.url, connections: 50, seconds: flameSeconds });
  const flags = `--duration ${duration} --rounds ${rounds} --connections ${connectionCounts.join(',')} --workers ${workers}`;
  console.log(`\nReproduce: npm run bench:vs-portkey -- ${flameOnly ? `--flame --flame-duration ${flameSeconds}` : flags}`);
} finally {
  for (const child of started) await stopChild(child);
}
