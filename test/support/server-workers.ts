import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { DatabaseSync } from 'node:sqlite';
import type { ServerProcess } from './server-process.ts';
import { waitFor } from './wait-for.ts';

// What the tests of `agentapi serve --workers N` need to see of a cluster from outside: its processes, which
// worker answered a request (its log lines carry `worker`), and requests each on a connection of its own, so
// the primary hands them out to the workers in turn.

/** The processes a process forked (Linux). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The worker id on the log line of the request with this X-Request-Id, once it is written. */
export async function servedBy(server: ServerProcess, requestId: string): Promise<number> {
  return waitFor(
    () => {
      const line = server.output().split('\n').find((entry) => entry.includes(`"requestId":"${requestId}"`) && entry.includes('"msg":"request"'));
      return line === undefined ? undefined : (JSON.parse(line) as { worker: number }).worker;
    },
    { what: `the log line of ${requestId}` },
  );
}

export interface FreshAnswer {
  status: number;
  requestId: string;
  body: string;
}

/** A request on a new connection (no keep-alive), so that it may land on any worker. */
export function freshRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<FreshAnswer> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const outgoing = request(url, { method: options.method ?? 'GET', agent: false, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, requestId: String(response.headers['x-request-id']), body: text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export interface ArrivedEvent {
  id: string;
  event: string;
  /** performance.now() when the event's block arrived. */
  at: number;
}

/** A run's event stream on a connection of its own: the events as they arrive, and which request it is. */
export interface EventFollower {
  requestId: Promise<string>;
  events: ArrivedEvent[];
  /** Resolves when the stream ends (the run finished). */
  ended: Promise<void>;
}

export function followEvents(url: string, key: string): EventFollower {
  const events: ArrivedEvent[] = [];
  let answered: (requestId: string) => void = () => undefined;
  const requestId = new Promise<string>((resolve) => (answered = resolve));
  const ended = new Promise<void>((resolve, reject) => {
    const outgoing = request(url, { agent: false, headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } }, (response) => {
      answered(String(response.headers['x-request-id']));
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const field = (name: string) => block.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
          const id = field('id');
          if (id !== undefined) events.push({ id, event: field('event') ?? 'message', at: performance.now() });
        }
      });
      response.on('end', resolve);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
  return { requestId, events, ended };
}

/** The process holding the claim on a running step of a run on SQLite, once one does. */
export async function sqliteLeaseOwner(databaseUrl: string, runId: string, stepIndex: number): Promise<string> {
  const database = new DatabaseSync(databaseUrl.slice('sqlite:'.length), { readOnly: true, timeout: 5000 });
  try {
    return await waitFor(
      () => (database.prepare('SELECT lease_owner FROM playbook_steps WHERE run_id = ? AND step_index = ?').get(runId, stepIndex) as { lease_owner: string | null } | undefined)?.lease_owner,
      { timeoutMs: 10_000, intervalMs: 20, what: 'a claim on the step' },
    );
  } finally {
    database.close();
  }
}
