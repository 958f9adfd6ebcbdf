/** One answered HTTP request. `route` is the route's pattern (`/api/agents/:agent`), or `unmatched`: never a raw path. */
export interface HttpRequestSample {
  method: string;
  route: string;
  status: number;
  seconds: number;
}

/** One recorded agent run, by how it ended; model and provider are null when it ended before any model was chosen. */
export interface AgentRunSample {
  surface: string;
  agent: string;
  model: string | null;
  provider: string | null;
  outcome: 'succeeded' | 'failed' | 'blocked';
}

/** One call to a model of a run's failover chain (a repair call included). */
export interface UpstreamAttemptSample {
  provider: string;
  model: string;
  outcome: 'ok' | 'error';
  seconds: number;
}

/** One safety layer's verdict on one run. */
export interface SafetyVerdictSample {
  layer: string;
  stage: 'input' | 'tool' | 'output';
  verdict: string;
}

/** A request refused because a limit was reached. */
export interface QuotaRefusalSample {
  surface: string;
  code: 'quota_exceeded' | 'free_limit_exceeded';
}

/**
 * Where the service reports what it did, for operators' dashboards. Calls are synchronous and must not
 * throw or block; every value passed is drawn from a bounded set (ids from the catalogs, fixed outcomes),
 * never from what a caller sent.
 */
export interface Telemetry {
  httpRequest(sample: HttpRequestSample): void;
  agentRun(sample: AgentRunSample): void;
  upstreamAttempt(sample: UpstreamAttemptSample): void;
  safetyVerdict(sample: SafetyVerdictSample): void;
  quotaRefused(sample: QuotaRefusalSample): void;
}

/** Reports nothing: the default wherever no telemetry is wired in. */
export const noTelemetry: Telemetry = {
  httpRequest: () => undefined,
  agentRun: () => undefined,
  upstreamAttempt: () => undefined,
  safetyVerdict: () => undefined,
  quotaRefused: () => undefined,
};
