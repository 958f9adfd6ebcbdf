import { isClusterMessage, isRelayed, type ClusterMessage } from '../adapters/cluster/cluster-messages.ts';
import { MetricsGathering, type MetricsPeers } from './metrics-gathering.ts';

/** What the primary does with the messages of its workers. */
export interface MessageRouter {
  /** A message from worker `fromId`; `reply` answers that worker. Messages not ours are ignored. */
  deliver(fromId: number, message: unknown, reply: (message: ClusterMessage) => void): void;
  /** A worker exited. */
  forget(workerId: number): void;
}

/**
 * Run signals and circuit changes go, as they are, to every other worker; metrics requests are answered
 * with every worker's metrics gathered.
 */
export function clusterMessageRouter(peers: MetricsPeers): MessageRouter {
  const metrics = new MetricsGathering(peers);
  return {
    deliver(fromId, message, reply) {
      if (!isClusterMessage(message)) return;
      if (isRelayed(message)) {
        for (const [id, send] of peers.connected()) if (id !== fromId) send(message);
        return;
      }
      metrics.handle(fromId, message, reply);
    },
    forget: (workerId) => metrics.forget(workerId),
  };
}
