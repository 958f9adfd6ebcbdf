import type { ChildProcess } from 'node:child_process';
import { start, waitFor } from './bench-processes.ts';
import { agentRequest } from './bench-support.ts';

// The paths the gateway benchmarks drive besides this service: the simulator called directly and Portkey's
// open-source gateway, both sent the exact upstream body this service sent.

/** What autocannon sends to one path. */
export interface RequestTarget {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The agent request on one of our servers. */
export function agentTarget(serverUrl: string, key: string): RequestTarget {
  return { url: `${serverUrl}/api/agents/summarize`, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(agentRequest) };
}

/** The provider simulator (tools/upstream-simulator), keeping only the last few requests it was sent. */
export async function startSimulator(port: number): Promise<{ child: ChildProcess; url: string }> {
  const child = start('simulator', ['tools/upstream-simulator/main.ts', '--port', String(port), '--log-limit', '5'], {});
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/__control/health`);
  return { child, url };
}

/**
 * One agent run through our server, then the body the simulator received for it: what the other paths send,
 * so that the simulator does the same work for every path.
 */
export async function recordUpstreamBody(ours: RequestTarget, simulatorUrl: string): Promise<string> {
  const probe = await fetch(ours.url, { method: 'POST', headers: ours.headers, body: ours.body });
  if (probe.status !== 200) throw new Error(`the service answered ${probe.status}: ${await probe.text()}`);
  const recorded = (await (await fetch(`${simulatorUrl}/__control/requests?provider=openai`)).json()) as { body: unknown }[];
  return JSON.stringify(recorded.at(-1)?.body);
}

/** The simulator's chat completions, called directly: the limit of every path. */
export function directTarget(simulatorUrl: string, upstreamBody: string): RequestTarget {
  return { url: `${simulatorUrl}/openai/v1/chat/completions`, headers: { authorization: 'Bearer sk-bench', 'content-type': 'application/json' }, body: upstreamBody };
}

/** Portkey's gateway (`@portkey-ai/gateway` from npm, headless), as its production start runs it. */
export async function startPortkey(port: number): Promise<ChildProcess> {
  const child = start('portkey', ['node_modules/@portkey-ai/gateway/build/start-server.js', `--port=${port}`, '--headless'], { NODE_ENV: 'production' });
  await waitFor(`http://127.0.0.1:${port}/`);
  return child;
}

/** Portkey's chat completions with OpenAI as the provider and the simulator as its host. */
export function portkeyTarget(port: number, simulatorUrl: string, upstreamBody: string): RequestTarget {
  return {
    url: `http://127.0.0.1:${port}/v1/chat/completions`,
    headers: { 'x-portkey-provider': 'openai', 'x-portkey-custom-host': `${simulatorUrl}/openai/v1`, authorization: 'Bearer sk-bench', 'content-type': 'application/json' },
    body: upstreamBody,
  };
}
