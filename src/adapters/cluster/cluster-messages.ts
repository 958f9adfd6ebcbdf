import type { Registry } from 'prom-client';

/** One process's metrics as prom-client gives them for aggregation. */
export type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

/** A run has new events (see RunEventBus); relayed by the primary to every other worker. */
export interface RunEventMessage {
  kind: 'agentapi:run-event';
  runId: string;
}

/** A model's circuit opened (at `openedAt`, epoch ms) or closed in one worker; relayed to every other worker. */
export interface CircuitMessage {
  kind: 'agentapi:circuit';
  modelId: string;
  state: 'open' | 'closed';
  openedAt: number;
}

/** A worker answering GET /metrics asks the primary for the whole server's metrics. */
export interface MetricsRequestMessage {
  kind: 'agentapi:metrics-request';
  requestId: number;
}

/** The primary asks each worker for its own metrics. */
export interface MetricsCollectMessage {
  kind: 'agentapi:metrics-collect';
  requestId: number;
}

/** A worker's own metrics, as prom-client's registry gives them for aggregation. */
export interface MetricsPartMessage {
  kind: 'agentapi:metrics-part';
  requestId: number;
  metrics: MetricsJson;
}

/** The aggregate, in the Prometheus text format, back to the worker that asked. */
export interface MetricsAnswerMessage {
  kind: 'agentapi:metrics-answer';
  requestId: number;
  text: string;
}

/** What a cluster's primary and its workers say to each other over the IPC channel `node:cluster` opens. */
export type ClusterMessage = RunEventMessage | CircuitMessage | MetricsRequestMessage | MetricsCollectMessage | MetricsPartMessage | MetricsAnswerMessage;

/** Messages the primary passes on, as they are, to every worker but the sender. */
const relayedKinds: ReadonlySet<string> = new Set<ClusterMessage['kind']>(['agentapi:run-event', 'agentapi:circuit']);

/** Whether an IPC message is one of ours (prom-client and Node's cluster send their own on the same channel). */
export function isClusterMessage(message: unknown): message is ClusterMessage {
  return typeof message === 'object' && message !== null && typeof (message as { kind?: unknown }).kind === 'string' && (message as { kind: string }).kind.startsWith('agentapi:');
}

export function isRelayed(message: ClusterMessage): message is RunEventMessage | CircuitMessage {
  return relayedKinds.has(message.kind);
}
