import { expect } from 'vitest';
import type { UpstreamSimulator } from '../../tools/upstream-simulator/simulator-server.ts';
import { allProvidersAt } from './all-providers.ts';
import { runCli, type ServerProcess } from './server-process.ts';
import { waitFor } from './wait-for.ts';

// The `ad-campaign` playbook run on server and worker processes whose every provider is the simulator:
// what the end-to-end tests of durable runs share. Requests are told apart by their step's prompt.

const adCampaign = { playbook_id: 'ad-campaign', inputs: { product: 'A bookkeeping app for freelancers', audience: 'freelance designers', platform: 'LinkedIn' } };
/** Text only each step's prompt contains. */
const stepMarkers = ['paid-advertising strategy for this product', 'Which agents and model tier should produce the assets', 'Write the final copy for each ad concept'];

/** The processes' environment: the simulator for every provider, no model-backed safety review, a lease of `leaseMs`. */
export function simulatedEnvironment(simulator: UpstreamSimulator, leaseMs: number): Record<string, string> {
  return {
    ...allProvidersAt(simulator),
    SAFETY_CRITIC: 'rubric',
    SAFETY_JUDGE: 'off',
    CIRCUIT_FAILURE_THRESHOLD: '1000',
    UPSTREAM_TIMEOUT_MS: '20000',
    PLAYBOOK_LEASE_MS: String(leaseMs),
    LOG_LEVEL: 'info',
  };
}

/** Model calls made for each step so far. */
export function callsPerStep(simulator: UpstreamSimulator): number[] {
  const bodies = simulator.requests().map((request) => JSON.stringify(request.body));
  return stepMarkers.map((marker) => bodies.filter((body) => body.includes(marker)).length);
}

export async function untilStepCalled(simulator: UpstreamSimulator, stepIndex: number): Promise<void> {
  await waitFor(() => (callsPerStep(simulator)[stepIndex] ?? 0) > 0, {
    timeoutMs: 20_000,
    intervalMs: 20,
    what: () => `a model call for step ${stepIndex} (calls: ${callsPerStep(simulator).join(', ')})`,
  });
}

export async function createKey(env: Record<string, string>): Promise<string> {
  const created = await runCli(['keys', 'create', '--user', 'durable', '--plan', 'enterprise', '--json'], env);
  expect(created.code, created.stderr).toBe(0);
  return (JSON.parse(created.stdout) as { key: string }).key;
}

/** Starts an `ad-campaign` run through the server's API; its id. */
export async function startRun(server: ServerProcess, key: string): Promise<string> {
  const response = await fetch(`${server.url}/api/playbooks/run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(adCampaign),
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { data: { runId: string } }).data.runId;
}

/** GETs on the server with the key, as pollRun wants them. */
export function getter(server: ServerProcess, key: string) {
  return async (url: string) => {
    const response = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${key}` } });
    return { status: response.status, json: () => response.json() };
  };
}
