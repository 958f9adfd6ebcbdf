import type { ClusterChannel } from '../../src/adapters/cluster/cluster-channel.ts';
import type { ClusterMessage } from '../../src/adapters/cluster/cluster-messages.ts';
import { clusterMessageRouter } from '../../src/cluster/message-router.ts';

/**
 * Workers of one primary inside a test: each channel reaches the primary's real message router, and
 * messages travel through JSON (as over IPC) on a later turn of the event loop.
 */
export function fakeCluster(workers: number): ClusterChannel[] {
  const listeners = Array.from({ length: workers }, () => new Set<(message: ClusterMessage) => void>());
  const toWorker = (index: number) => (message: ClusterMessage) => {
    const copy = JSON.parse(JSON.stringify(message)) as ClusterMessage;
    setImmediate(() => {
      for (const listener of listeners[index] ?? []) listener(copy);
    });
  };
  const router = clusterMessageRouter({ connected: () => new Map(listeners.map((_, index) => [index, toWorker(index)])) });
  return listeners.map((own, index) => ({
    send: (message) => {
      const copy: unknown = JSON.parse(JSON.stringify(message));
      setImmediate(() => router.deliver(index, copy, toWorker(index)));
    },
    listen(listener) {
      own.add(listener);
      return () => own.delete(listener);
    },
    close: () => own.clear(),
  }));
}
