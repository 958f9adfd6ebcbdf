import { AggregatorRegistry } from 'prom-client';
import type { ClusterMessage, MetricsJson } from '../adapters/cluster/cluster-messages.ts';

/** How long the primary waits for each worker's part; a worker that does not answer in time is left out. */
const partTimeoutMs = 2000;

/** What the primary needs of its workers to gather their metrics. */
export interface MetricsPeers {
  /** The workers that can be asked now, by id. */
  connected(): ReadonlyMap<number, (message: ClusterMessage) => void>;
}

interface Gathering {
  expected: Set<number>;
  parts: MetricsJson[];
  finish(): void;
}

/**
 * The primary's side of GET /metrics: asks every worker for its own metrics and sums them with prom-client's
 * AggregatorRegistry (counters and histograms added, the circuit gauge the worst, process metrics as
 * prom-client aggregates them), for the worker that received the scrape.
 */
export class MetricsGathering {
  readonly #peers: MetricsPeers;
  readonly #gatherings = new Map<number, Gathering>();
  #nextId = 1;

  constructor(peers: MetricsPeers) {
    this.#peers = peers;
  }

  /** Handles a worker's message if it is about metrics; true when it was. */
  handle(workerId: number, message: ClusterMessage, reply: (message: ClusterMessage) => void): boolean {
    if (message.kind === 'agentapi:metrics-request') {
      void this.#gather().then((text) => reply({ kind: 'agentapi:metrics-answer', requestId: message.requestId, text }));
      return true;
    }
    if (message.kind === 'agentapi:metrics-part') {
      const gathering = this.#gatherings.get(message.requestId);
      if (gathering?.expected.delete(workerId)) {
        gathering.parts.push(message.metrics);
        if (gathering.expected.size === 0) gathering.finish();
      }
      return true;
    }
    return false;
  }

  /** A worker that exits no longer holds up a gathering. */
  forget(workerId: number): void {
    for (const gathering of this.#gatherings.values()) {
      if (gathering.expected.delete(workerId) && gathering.expected.size === 0) gathering.finish();
    }
  }

  async #gather(): Promise<string> {
    const requestId = this.#nextId++;
    const peers = this.#peers.connected();
    const parts = await new Promise<MetricsJson[]>((resolve) => {
      const gathering: Gathering = {
        expected: new Set(peers.keys()),
        parts: [],
        finish: () => {
          clearTimeout(timer);
          this.#gatherings.delete(requestId);
          resolve(gathering.parts);
        },
      };
      const timer = setTimeout(gathering.finish, partTimeoutMs);
      this.#gatherings.set(requestId, gathering);
      if (peers.size === 0) gathering.finish();
      for (const send of peers.values()) send({ kind: 'agentapi:metrics-collect', requestId });
    });
    return AggregatorRegistry.aggregate(parts).metrics();
  }
}
