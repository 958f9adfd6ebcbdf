import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PlaybookRunFollower } from '../../domain/playbooks/playbook-run-follower.ts';
import type { PlaybookEventRecord } from '../../ports/playbook-run-repository.ts';
import { errorResponses } from '../schemas/common-schemas.ts';
import { logStream, openEventStream } from './event-stream.ts';

const lastEventIdSchema = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** `Last-Event-ID` (or `?lastEventId=`): the run's events after that one are sent. */
export const runEventsQuerySchema = z.object({ lastEventId: lastEventIdSchema.optional() });
export const runEventsHeadersSchema = z.looseObject({ 'last-event-id': lastEventIdSchema.optional() });

/** The sequence number a follower already has: the header wins over the query, none means from the start. */
export function lastEventIdOf(request: { headers: { 'last-event-id'?: number | undefined }; query: { lastEventId?: number | undefined } }): number {
  return request.headers['last-event-id'] ?? request.query.lastEventId ?? 0;
}

/** Sends a run's events as server-sent events (id = sequence, event = type) until they end or the client leaves. */
export async function streamRunEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  keepAliveMs: number,
  events: (signal: AbortSignal) => AsyncIterable<PlaybookEventRecord>,
): Promise<void> {
  const stream = openEventStream(request, reply, { keepAliveMs });
  try {
    for await (const event of events(stream.signal)) stream.send({ id: String(event.sequence), event: event.type, data: event.data });
  } finally {
    stream.end();
    logStream(request, reply, 'done');
  }
}

/** `text/event-stream` as OpenAPI shows it: the events are described in each route's description. */
export const eventStreamResponse = z.string().describe('text/event-stream');

/** What every route that follows a run says of its stream after naming its events. */
export const runEventsStreamDescription =
  'Every event so far is sent first; send `Last-Event-ID` (or `?lastEventId=`) to get only the ones after it. The stream ends after the run has ended; comment lines keep it alive meanwhile. ' +
  'Streams open at once are limited per run, per account and per server process (PLAYBOOK_FOLLOWERS_PER_RUN, _PER_ACCOUNT, _PER_PROCESS): past one, 503 `overloaded` with Retry-After.';

/** The query, headers and responses of every route that follows a run. */
export const runEventsRouteSchema = {
  querystring: runEventsQuerySchema,
  headers: runEventsHeadersSchema,
  response: { 200: eventStreamResponse, ...errorResponses(400, 401, 404, 503) },
};

/**
 * Follows a durable run (a playbook run, or an agent run a trigger started) for as long as it goes on. The
 * follower's slot is taken before the stream starts, so a refusal is still a JSON answer, and given back
 * however the stream ends.
 */
export async function followDurableRun(
  request: FastifyRequest<{ Headers: { 'last-event-id'?: number | undefined }; Querystring: { lastEventId?: number | undefined } }>,
  reply: FastifyReply,
  context: { follower: PlaybookRunFollower; keepAliveMs: number; runId: string; accountId: string },
): Promise<void> {
  const slot = context.follower.admit(context.runId, context.accountId);
  try {
    await streamRunEvents(request, reply, context.keepAliveMs, (signal) => context.follower.follow(context.runId, lastEventIdOf(request), signal));
  } finally {
    slot.release();
  }
}
