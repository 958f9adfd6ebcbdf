import { EventEmitter } from 'node:events';

/**
 * Hands a run's signal to every local listener of that run. A listener that throws is reported and
 * skipped, so it neither stops the others nor reaches the code that published.
 */
export class RunSignalFanout {
  readonly #emitter = new EventEmitter();
  readonly #onError: (error: unknown) => void;

  constructor(onError: (error: unknown) => void = () => undefined) {
    // Every open event stream is one listener; there is no sensible cap.
    this.#emitter.setMaxListeners(0);
    this.#onError = onError;
  }

  emit(runId: string): void {
    this.#emitter.emit(runId);
  }

  subscribe(runId: string, listener: () => void): () => void {
    const guarded = (): void => {
      try {
        listener();
      } catch (error) {
        this.#reportError(error);
      }
    };
    this.#emitter.on(runId, guarded);
    return () => {
      this.#emitter.off(runId, guarded);
    };
  }

  clear(): void {
    this.#emitter.removeAllListeners();
  }

  #reportError(error: unknown): void {
    try {
      this.#onError(error);
    } catch {
      // Nothing left to tell.
    }
  }
}
