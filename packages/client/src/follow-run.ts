import { AgentApiError } from './agent-api-error.ts';
import type { RunEvent } from './generated/types.gen.ts';
import { readServerSentEvents } from './server-sent-events.ts';

const finalEvents: ReadonlySet<string> = new Set(['run.completed', 'run.failed', 'run.canceled']);

export interface FollowRunOptions {
  /** Only the events after this one (its `id`): where an earlier follower stopped. */
  lastEventId?: string;
  /** Stops following, and ends the iteration with the signal's reason. */
  signal?: AbortSignal;
  /** How often a stream that closes before the run's end is opened again, from the last event seen (default 3). */
  maxReconnects?: number;
}

/**
 * The events of a run (`GET /api/runs/{runId}/events`) as an async iterator of typed events, from the first
 * (or after `lastEventId`) until `run.completed`, `run.failed` or `run.canceled`. A stream cut before that
 * is opened again with `Last-Event-ID`, so no event is lost or repeated. A refusal (404, 503…) throws
 * AgentApiError.
 */
export async function* followRunEvents(
  fetchImplementation: typeof fetch,
  connection: { baseUrl: string; headers: () => Promise<Record<string, string>> | Record<string, string> },
  runId: string,
  options: FollowRunOptions = {},
): AsyncGenerator<RunEvent> {
  let lastEventId = options.lastEventId;
  let reconnects = 0;
  for (;;) {
    const headers: Record<string, string> = { ...(await connection.headers()), accept: 'text/event-stream' };
    if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
    const init: RequestInit = { headers };
    if (options.signal) init.signal = options.signal;
    const response = await fetchImplementation(`${connection.baseUrl.replace(/\/$/, '')}/api/runs/${encodeURIComponent(runId)}/events`, init);
    if (!response.ok || !response.body) throw new AgentApiError(response.status, await response.json().catch(() => undefined));
    for await (const raw of readServerSentEvents(response.body)) {
      if (raw.id !== undefined) lastEventId = raw.id;
      const event = { id: raw.id ?? '', event: raw.event, data: JSON.parse(raw.data) as unknown } as RunEvent;
      yield event;
      if (finalEvents.has(event.event)) return;
    }
    reconnects += 1;
    if (reconnects > (options.maxReconnects ?? 3)) throw new Error(`The event stream of ${runId} closed before the run ended`);
  }
}
