import type { ChaosAccount, ProcessSlot } from './chaos-cluster.ts';

/** One request of the load, as the client saw it. */
export interface AnsweredRequest {
  kind: 'agent' | 'playbook';
  process: string;
  startedAt: number;
  endedAt: number;
  /** Undefined when no answer came: the connection was refused or dropped (a killed process), or the client gave up. */
  status: number | undefined;
  json: boolean;
  /** The answer's error code, if any. */
  code: string | undefined;
}

export interface StartedPlaybookRun {
  runId: string;
  accountId: string;
  /** Text only this run's prompts contain, to count its model calls at the simulator. */
  tag: string;
}

export interface ChaosLoad {
  answers: AnsweredRequest[];
  /** Sends one request now, besides the steady rate. */
  send(kind: AnsweredRequest['kind']): void;
  playbookRuns: StartedPlaybookRun[];
  /** Stops sending and waits for every request in flight. */
  stop(): Promise<void>;
}

const clientTimeoutMs = 30_000;

export function playbookProduct(tag: string): string {
  return `A bookkeeping app for freelancers, order ${tag}`;
}

/**
 * Sends agent runs and playbook runs at fixed rates, each to the next account and the next API process in
 * turn, whether that process is up or not (as a client that knows only a list of addresses would).
 */
export function startChaosLoad(apis: readonly ProcessSlot[], accounts: readonly ChaosAccount[], rates: { agentRunsPerSecond: number; playbookRunsPerSecond: number }): ChaosLoad {
  const answers: AnsweredRequest[] = [];
  const playbookRuns: StartedPlaybookRun[] = [];
  const inFlight = new Set<Promise<void>>();
  let sent = 0;

  const send = (kind: AnsweredRequest['kind']) => {
    const index = sent++;
    const slot = apis[index % apis.length];
    const account = accounts[Math.floor(index / apis.length) % accounts.length];
    if (!slot || !account) return;
    const tag = `t${index}x`;
    const body =
      kind === 'agent'
        ? { prompt: `Summarise note ${index}: the quarterly numbers are in and the team met its targets.` }
        : { playbook_id: 'ad-campaign', inputs: { product: playbookProduct(tag), audience: 'freelance designers', platform: 'LinkedIn' } };
    const startedAt = performance.now();
    const request = fetch(`${slot.current.url}${kind === 'agent' ? '/api/agents/summarize' : '/api/playbooks/run'}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(clientTimeoutMs),
    })
      .then(async (response) => {
        const text = await response.text();
        const parsed = parseJson(text);
        answers.push({
          kind,
          process: slot.name,
          startedAt,
          endedAt: performance.now(),
          status: response.status,
          json: parsed !== undefined && (response.headers.get('content-type') ?? '').includes('json'),
          code: parsed?.code,
        });
        if (kind === 'playbook' && response.status === 202 && parsed?.runId) playbookRuns.push({ runId: parsed.runId, accountId: account.id, tag });
      })
      .catch(() => {
        answers.push({ kind, process: slot.name, startedAt, endedAt: performance.now(), status: undefined, json: false, code: undefined });
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };

  const timers = [
    setInterval(() => send('agent'), 1000 / rates.agentRunsPerSecond),
    setInterval(() => send('playbook'), 1000 / rates.playbookRunsPerSecond),
  ];
  return {
    answers,
    playbookRuns,
    send,
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all([...inFlight]);
    },
  };
}

function parseJson(text: string): { code?: string; runId?: string } | undefined {
  try {
    const value = JSON.parse(text) as { code?: unknown; error?: unknown; data?: { runId?: unknown } };
    return {
      ...(typeof value.code === 'string' ? { code: value.code } : {}),
      ...(typeof value.data?.runId === 'string' ? { runId: value.data.runId } : {}),
    };
  } catch {
    return undefined;
  }
}
