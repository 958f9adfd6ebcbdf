import type { ClusterMessage } from './cluster-messages.ts';
import { isClusterMessage } from './cluster-messages.ts';

/** A cluster worker's line to its primary. */
export interface ClusterChannel {
  /** Sends to the primary; a message to a primary that is gone is dropped (the worker is about to exit). */
  send(message: ClusterMessage): void;
  /** Calls `listener` on each of our messages from the primary until the returned function is called. */
  listen(listener: (message: ClusterMessage) => void): () => void;
  /** Stops every listener, so the channel no longer keeps the process alive. */
  close(): void;
}

/** The IPC channel of a process forked by `node:cluster` (process.send and 'message'). */
export function processClusterChannel(): ClusterChannel {
  const listeners = new Set<(message: unknown) => void>();
  const stop = (listener: (message: unknown) => void) => {
    process.off('message', listener);
    listeners.delete(listener);
  };
  return {
    send(message) {
      if (process.connected) process.send?.(message, undefined, undefined, () => undefined);
    },
    listen(listener) {
      const onMessage = (message: unknown) => {
        if (isClusterMessage(message)) listener(message);
      };
      listeners.add(onMessage);
      process.on('message', onMessage);
      return () => stop(onMessage);
    },
    close() {
      for (const listener of [...listeners]) stop(listener);
    },
  };
}
