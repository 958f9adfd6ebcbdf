import type { RunEventBus } from '../../ports/run-event-bus.ts';
import { RunSignalFanout } from './run-signal-fanout.ts';

export interface InMemoryRunEventBusOptions {
  /** Told about a listener that threw. */
  onError?: (error: unknown) => void;
}

/** Run signals within one process: the embedded mode, where every listener lives next to the publisher. */
export class InMemoryRunEventBus implements RunEventBus {
  readonly #fanout: RunSignalFanout;

  constructor(options: InMemoryRunEventBusOptions = {}) {
    this.#fanout = new RunSignalFanout(options.onError);
  }

  async publish(runId: string): Promise<void> {
    this.#fanout.emit(runId);
  }

  subscribe(runId: string, listener: () => void): () => void {
    return this.#fanout.subscribe(runId, listener);
  }

  async close(): Promise<void> {
    this.#fanout.clear();
  }
}
