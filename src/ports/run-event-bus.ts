/**
 * Tells every process that a run has new events. The events themselves live in the database; a signal
 * lost on the way only delays a listener until its next poll.
 */
export interface RunEventBus {
  publish(runId: string): Promise<void>;
  /** Calls `listener` on every signal for the run until the returned function is called. */
  subscribe(runId: string, listener: () => void): () => void;
  close(): Promise<void>;
}
