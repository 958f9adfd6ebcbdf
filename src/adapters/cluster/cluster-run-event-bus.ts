import type { RunEventBus } from '../../ports/run-event-bus.ts';
import { RunSignalFanout } from '../events/run-signal-fanout.ts';
import type { ClusterChannel } from './cluster-channel.ts';

/**
 * Run signals across the workers of one `agentapi serve` without Redis: a signal reaches this worker's
 * listeners at once and goes to the primary over IPC, which passes it to every other worker. A signal lost
 * on the way (a worker restarting) only delays a listener until its next database poll.
 */
export class ClusterRunEventBus implements RunEventBus {
  readonly #fanout: RunSignalFanout;
  readonly #channel: ClusterChannel;
  readonly #stopListening: () => void;

  constructor(channel: ClusterChannel, options: { onError?: (error: unknown) => void } = {}) {
    this.#fanout = new RunSignalFanout(options.onError);
    this.#channel = channel;
    this.#stopListening = channel.listen((message) => {
      if (message.kind === 'agentapi:run-event') this.#fanout.emit(message.runId);
    });
  }

  async publish(runId: string): Promise<void> {
    this.#fanout.emit(runId);
    this.#channel.send({ kind: 'agentapi:run-event', runId });
  }

  subscribe(runId: string, listener: () => void): () => void {
    return this.#fanout.subscribe(runId, listener);
  }

  async close(): Promise<void> {
    this.#stopListening();
    this.#fanout.clear();
  }
}
