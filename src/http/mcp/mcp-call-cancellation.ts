import type { RunEventBus } from '../../ports/run-event-bus.ts';

/**
 * A call of an MCP session may run in any process of the service (a worker handed the request's connection
 * answers it, see register-mcp.ts), and its `notifications/cancelled` may reach any other. Each process that
 * receives one signals it to every process (the run event bus: Redis, or the primary's IPC between workers),
 * and the process running the call cancels it. A key names the session and the request: request ids are the
 * caller's own, unique in its session, and a session id is checked as the caller's before anything is signalled.
 */
export function callCancellationKey(sessionId: string, requestId: string | number): string {
  return `mcp-cancel:${sessionId}:${JSON.stringify(requestId)}`;
}

/** The ids of the requests that the `notifications/cancelled` messages among `messages` cancel. */
export function canceledRequestIds(messages: readonly unknown[]): (string | number)[] {
  return messages.flatMap((message) => {
    if (typeof message !== 'object' || message === null || (message as { method?: unknown }).method !== 'notifications/cancelled') return [];
    const requestId = (message as { params?: { requestId?: unknown } }).params?.requestId;
    return typeof requestId === 'string' || typeof requestId === 'number' ? [requestId] : [];
  });
}

/** Signals the cancellation of each request to every process; a signal that cannot be sent is logged, not an error for the caller. */
export async function signalCancellations(signals: RunEventBus, sessionId: string, requestIds: readonly (string | number)[], log: { warn(object: object, message: string): void }): Promise<void> {
  await Promise.all(
    requestIds.map((requestId) => signals.publish(callCancellationKey(sessionId, requestId)).catch((error: unknown) => log.warn({ err: error, sessionId }, 'an MCP cancellation could not be signalled to the other processes'))),
  );
}

/** Calls `cancel` when any process signals this call's cancellation; returns the function that stops listening. */
export function onCancellationSignal(signals: RunEventBus, sessionId: string | undefined, requestId: string | number, cancel: () => void): () => void {
  if (sessionId === undefined || sessionId === '') return () => undefined;
  return signals.subscribe(callCancellationKey(sessionId, requestId), cancel);
}
