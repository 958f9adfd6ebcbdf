import type { ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { peakRssMb, start, waitFor } from './bench-processes.ts';
import { agentTarget, directTarget, portkeyTarget, recordUpstreamBody, startPortkey, startSimulator } from './gateway-targets.ts';
import { mean, median } from './bench-statistics.ts';
import { argument, benchDatabaseUrl, createBenchKey, printTable, processCpuMs, startFlags } from './bench-support.ts';

/**
 * The gateway benchmark: the same upstream call made directly against the local provider simulator,
 * through this service (the whole pipeline: auth, quota, routing, failover, schema validation, tools, the
 * durable run log on SQLite), and through the Portkey open-source gateway pointed at the same simulator.
 * Interleaved rounds on one machine. Run: npm run bench:gateway-overhead [-- --duration 8 --rounds 2 --rate 200]
 */
const duration = argument('duration', 8);
const rounds = argument('rounds', 2);
const rate = argument('rate', 200);
const root = new URL('..', import.meta.url).pathname;
const ports = { simulator: 4710, ours: 4711, portkey: 4712, bare: 4713 };

// The plan file gives the benchmark account an unlimited /api plan: the quota is counted, never refused.
const plansFile = join(root, 'bench/bench-plans.yaml');
const databaseUrl = benchDatabaseUrl();
// As a deployment does: migrate, then serve. The migration run also fills Node's compile cache, so the
// server starts as every start after the first does (see bin/agentapi.js).
await new Promise((resolve) => start('migrate', ['bin/agentapi.js', 'migrate'], { DATABASE_URL: databaseUrl }).once('exit', resolve));
const { child: simulator, url: simulatorUrl } = await startSimulator(ports.simulator);
// One process against one process: workers would compare a cluster with a single gateway.
const ours = start('agentapi', [...startFlags(), 'bin/agentapi.js', 'serve', '--workers', '1'], {
  HOST: '127.0.0.1',
  PORT: String(ports.ours),
  DATABASE_URL: databaseUrl,
  PLANS_FILE: plansFile,
  OPENAI_API_KEY: 'sk-bench',
  OPENAI_BASE_URL: `${simulatorUrl}/openai/v1`,
  // Every safety layer runs; the critic applies its rubric instead of making a second model call, which
  // would be a second upstream request rather than overhead on the first.
  SAFETY_CRITIC: 'rubric',
});
const bare = start('bare proxy', ['bench/bare-proxy.ts', String(ports.bare), `${simulatorUrl}/openai/v1`], {});
const portkey = await startPortkey(ports.portkey);
await waitFor(`http://127.0.0.1:${ports.ours}/readyz`);
const key = await createBenchKey(databaseUrl, { plan: 'bench', v1Plan: 'enterprise' });

// One run through the service shows exactly what it sends upstream; direct and Portkey send the same.
const service = agentTarget(`http://127.0.0.1:${ports.ours}`, key);
const upstreamBody = await recordUpstreamBody(service, simulatorUrl);

const targets = {
  'direct (simulator)': directTarget(simulatorUrl, upstreamBody),
  'this service': service,
  'Portkey gateway': portkeyTarget(ports.portkey, simulatorUrl, upstreamBody),
  'bare Node proxy': { url: `http://127.0.0.1:${ports.bare}/chat/completions`, headers: { authorization: 'Bearer sk-bench', 'content-type': 'application/json' }, body: upstreamBody },
};
type Target = keyof typeof targets;
const names = Object.keys(targets) as Target[];
// The process doing each path's work: the simulator itself when it is called directly.
const worker: Record<Target, ChildProcess> = { 'direct (simulator)': simulator, 'this service': ours, 'Portkey gateway': portkey, 'bare Node proxy': bare };

async function load(target: Target, options: { connections: number; seconds: number; overallRate?: number }) {
  const result = await autocannon({ ...targets[target], method: 'POST', connections: options.connections, duration: options.seconds, ...(options.overallRate ? { overallRate: options.overallRate } : {}) });
  if (result.non2xx > 0 || result.errors > 0) process.stderr.write(`${target}: ${result.non2xx} non-2xx, ${result.errors} errors\n`);
  return result;
}

const throughput: Record<Target, { 10: number[]; 50: number[] }> = Object.fromEntries(names.map((name) => [name, { 10: [], 50: [] }])) as never;
const cpuPerRequest: Record<Target, number[]> = Object.fromEntries(names.map((name) => [name, []])) as never;
const latency: Record<Target, { p50: number[]; p99: number[] }> = Object.fromEntries(names.map((name) => [name, { p50: [], p99: [] }])) as never;

for (const name of names) await load(name, { connections: 10, seconds: 2 }); // warm-up
for (let round = 0; round < rounds; round += 1) {
  for (const connections of [10, 50] as const) {
    for (const name of names) {
      const cpuBefore = processCpuMs(worker[name].pid);
      const result = await load(name, { connections, seconds: duration });
      throughput[name][connections].push(result.requests.average);
      if (connections === 50) cpuPerRequest[name].push((processCpuMs(worker[name].pid) - cpuBefore) / result.requests.total);
    }
  }
  // Tail latency varies from run to run on a shared machine: several short runs each, median reported.
  for (let run = 0; run < 3; run += 1) {
    for (const name of names) {
      const result = await load(name, { connections: 10, seconds: duration, overallRate: rate });
      latency[name].p50.push(result.latency.p50);
      latency[name].p99.push(result.latency.p99);
    }
  }
}
const rss = Object.fromEntries(names.map((name) => [name, peakRssMb(worker[name].pid)])) as Record<Target, number>;
for (const child of Object.values(worker)) child.kill('SIGTERM');

const base = { p50: median(latency['direct (simulator)'].p50), p99: median(latency['direct (simulator)'].p99) };
const added = (name: Target, percentile: 'p50' | 'p99') => median(latency[name][percentile]) - base[percentile];
const rows = names.map((name) => {
  const isDirect = name === 'direct (simulator)';
  return [
    name,
    Math.round(mean(throughput[name][10])),
    Math.round(mean(throughput[name][50])),
    isDirect ? `${base.p50.toFixed(1)} (base)` : added(name, 'p50').toFixed(1),
    isDirect ? `${base.p99.toFixed(1)} (base)` : added(name, 'p99').toFixed(1),
    mean(cpuPerRequest[name]).toFixed(3),
    rss[name],
  ];
});

const ratio = (connections: 10 | 50, of: Target, to: Target) => mean(throughput[of][connections]) / mean(throughput[to][connections]);
console.log(`\nGateway overhead: POST chat completion through each path to the local simulator, ${rounds} interleaved rounds of ${duration} s`);
console.log(`Node ${process.version}, ${cpus().length} CPU (${cpus()[0]?.model ?? 'unknown'}); load generator, simulator and gateways on one machine.`);
console.log(`This service runs agent "summarize" (auth, daily quota, routing, failover, schema validation, run log on SQLite); the`);
console.log(`other paths carry the exact upstream body the service sent. The bare Node proxy pipes bytes and does nothing else:`);
console.log(`the ceiling for any gateway written in Node here. Latency: median of ${rounds * 3} runs at a fixed rate. CPU per request`);
console.log(`is the path's own process (the simulator for direct calls) during the 50-connection runs.\n`);
printTable(['path', 'req/s @10 conn', 'req/s @50 conn', `added p50 ms @${rate} req/s`, `added p99 ms @${rate} req/s`, 'CPU ms per request', 'peak RSS MB'], rows);
console.log(`\nThroughput vs Portkey: ${ratio(10, 'this service', 'Portkey gateway').toFixed(2)}× at 10 connections, ${ratio(50, 'this service', 'Portkey gateway').toFixed(2)}× at 50 (target ≥ 3×);`);
console.log(`the bare proxy reaches ${ratio(50, 'bare Node proxy', 'Portkey gateway').toFixed(2)}× Portkey at 50 connections.`);
console.log(`Added p99 at ${rate} req/s: ${added('this service', 'p99').toFixed(1)} ms vs Portkey ${added('Portkey gateway', 'p99').toFixed(1)} ms (target: lower). Peak RSS ${rss['this service']} MB (target < 200 MB).`);
console.log(`\nReproduce: npm run bench:gateway-overhead -- --duration ${duration} --rounds ${rounds} --rate ${rate}`);
