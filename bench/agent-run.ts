import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { argument, benchDatabaseUrl, createBenchKey, printTable, startBenchServer } from './bench-support.ts';

/**
 * Requests per second and latency of POST /api/v1/agents/leads on the sandbox provider, through the
 * whole service (auth, validation, execution, durable run log on SQLite), at a fixed connection count.
 * Run: npm run bench:agent-run [-- --connections 10 --duration 15]
 */
const connections = argument('connections', 10);
const duration = argument('duration', 15);

const databaseUrl = benchDatabaseUrl();
const server = await startBenchServer({ DATABASE_URL: databaseUrl });
const key = await createBenchKey(databaseUrl);

const request = {
  url: `${server.url}/api/v1/agents/leads`,
  method: 'POST' as const,
  headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
  body: JSON.stringify({ prompt: 'fintech startups in Berlin that need a payments compliance tool' }),
};

// Warm-up: JIT, prepared statements, caches.
await autocannon({ ...request, connections, duration: 3 });
const result = await autocannon({ ...request, connections, duration });
await server.stop();

console.log(`\nPOST /api/v1/agents/leads on the sandbox, SQLite run log, ${connections} connections, ${duration} s`);
console.log(`Node ${process.version}, ${cpus().length} CPU (${cpus()[0]?.model ?? 'unknown'})\n`);
printTable(
  ['requests/s (mean)', 'latency p50 (ms)', 'latency p90 (ms)', 'latency p99 (ms)', 'requests', 'non-2xx', 'errors'],
  [[result.requests.average.toFixed(0), result.latency.p50, result.latency.p90, result.latency.p99, result.requests.total, result.non2xx, result.errors]],
);
console.log(`\nReproduce: npm run bench:agent-run -- --connections ${connections} --duration ${duration}`);
