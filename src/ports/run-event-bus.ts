/**
 * Tells every process that a run has new events. The events themselves live in the database; a signal
 * lost on the way only delays a listener until its next poll. A signal is a key: a run's id, or another
 * name every process may listen for (an MCP call canceled in another process, see mcp-call-cancellation.ts).
 */
export interface RunEventBus {
  publish(runId: string): Promise<void>;
  /** Calls `listener` on every signal for the run until the returned function is called. */
  subscribe(runId: string, listener: () => void): () => void;
  close(): Promise<void>;
}
