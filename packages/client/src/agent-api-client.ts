import { AgentApiError } from './agent-api-error.ts';
import type { AgentId, AgentInputs, AgentOutputs } from './generated/agent-types.gen.ts';
import { createClient, createConfig, type Client } from './generated/client/index.ts';
import type { Auth } from './generated/core/auth.gen.ts';
import { runAgent, runV1Agent } from './generated/sdk.gen.ts';
import type { AgentRunEnvelope, RunAgentData, RunEvent } from './generated/types.gen.ts';
import { followRunEvents, type FollowRunOptions } from './follow-run.ts';
import { retryingFetch, type RetryOptions } from './retrying-fetch.ts';

export interface AgentApiClientOptions {
  /** Where the service listens, e.g. `https://agents.example.com`. */
  baseUrl: string;
  /** An API key (`ak_live_…`) or a JWT, sent as `Authorization: Bearer`. */
  apiKey?: string | (() => string | Promise<string>);
  /** Retries of 429, 502 and 503 answers (honouring Retry-After); `{ maxRetries: 0 }` turns them off. */
  retry?: RetryOptions;
  /** The fetch to send requests with (default: the global one). */
  fetch?: typeof fetch;
}

/** The body of a run of agent `A`: a prompt, and `A`'s own fields in `input` (all optional when a prompt is sent). */
export type AgentRunBody<A extends AgentId> = Omit<RunAgentData['body'], 'input'> & {
  input?: A extends keyof AgentInputs ? Partial<AgentInputs[A]> : never;
};

/** A finished run of agent `A`: its `data` is `A`'s output. */
export type AgentRun<A extends AgentId> = Omit<AgentRunEnvelope, 'data' | 'meta'> & {
  data: AgentOutputs[A];
  meta: AgentRunEnvelope['meta'] & { agent: A };
};

export interface AgentApiClient {
  /** The generated client, configured: pass it as `client` to any SDK function of this package. */
  client: Client;
  /** `POST /api/agents/{agent}`, typed by the agent; throws AgentApiError on an error answer. */
  runAgent<A extends AgentId>(agent: A, body: AgentRunBody<A>, options?: { idempotencyKey?: string; v1?: boolean }): Promise<AgentRun<A>>;
  /** The events of a run as an async iterator, until it ends. */
  followRun(runId: string, options?: FollowRunOptions): AsyncGenerator<RunEvent>;
}

/** A client bound to one server and credential, with retries and the typed helpers. */
export function createAgentApiClient(options: AgentApiClientOptions): AgentApiClient {
  const fetchWithRetries = retryingFetch(options.fetch ?? globalThis.fetch, options.retry);
  const token = async () => (typeof options.apiKey === 'function' ? await options.apiKey() : options.apiKey);
  // The key answers bearer schemes only: a trigger's other scheme is a webhook signature, which it is not.
  const auth = (scheme: Auth) => (scheme.type === 'http' && scheme.scheme === 'bearer' ? token() : undefined);
  const client = createClient(createConfig({ baseUrl: options.baseUrl, fetch: fetchWithRetries, auth }));
  return {
    client,
    async runAgent(agent, body, runOptions = {}) {
      const send = runOptions.v1 ? runV1Agent : runAgent;
      const headers = runOptions.idempotencyKey === undefined ? undefined : { 'idempotency-key': runOptions.idempotencyKey };
      const result = await send({ client, path: { agent }, body: body as RunAgentData['body'], ...(headers ? { headers } : {}) });
      if (result.error !== undefined || !result.data) throw new AgentApiError(result.response.status, result.error);
      return result.data as unknown as AgentRun<typeof agent>;
    },
    followRun(runId, followOptions) {
      const headers = async (): Promise<Record<string, string>> => {
        const value = await token();
        return value === undefined ? {} : { authorization: `Bearer ${value}` };
      };
      return followRunEvents(fetchWithRetries, { baseUrl: options.baseUrl, headers }, runId, followOptions);
    },
  };
}
