import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AgentRunSuccess, StreamedDelta } from '../../domain/agents/agent-runner.ts';
import type { UsageSnapshot } from '../../domain/quotas/usage-meter.ts';
import { asAppError, errorBody } from '../errors/error-handler.ts';
import { presentAgentRun } from '../presenters/agent-presenter.ts';
import { formatEvent, logStream, startEventStream } from './event-stream.ts';

/** A run asks to stream with `"stream": true` or by accepting only server-sent events. */
export function wantsStream(request: FastifyRequest, body: { stream?: boolean | undefined }): boolean {
  return body.stream === true || /\btext\/event-stream\b/.test(request.headers.accept ?? '');
}

interface StreamOpening {
  runId: string;
  agentId: string;
  model: { id: string; provider: string };
  routing: unknown;
  quota: UsageSnapshot;
}

/**
 * Runs an agent and streams it as server-sent events: `meta` when the first text arrives (which model,
 * which run), `delta` for each piece of the model's answer, then `done` with the same envelope a JSON
 * response would have, or `error` with the usual error body. Until the first text nothing has been sent, so
 * failover is still possible and a refusal is an ordinary JSON error response.
 */
export async function streamAgentRun(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { limitHeaders: (quota: UsageSnapshot) => Record<string, string>; run: (onDelta: (delta: StreamedDelta) => void) => Promise<AgentRunSuccess> },
): Promise<void> {
  const raw = reply.raw;
  let opened = false;
  const send = (event: string, data: unknown) => raw.write(formatEvent({ event, data }));
  const open = (opening: StreamOpening) => {
    if (opened) return;
    opened = true;
    startEventStream(request, reply, { 'x-agent': opening.agentId, 'x-model': opening.model.id, ...options.limitHeaders(opening.quota) });
    send('meta', { runId: opening.runId, agent: opening.agentId, model: opening.model.id, provider: opening.model.provider, routing: opening.routing });
  };

  try {
    const result = await options.run((delta) => {
      open(delta);
      send('delta', { text: delta.text });
    });
    open({ runId: result.runId, agentId: result.agent.id, model: result.model, routing: result.routing, quota: result.quota });
    send('done', presentAgentRun(result));
    request.logContext = { agent: result.agent.id, model: result.model.id };
    logStream(request, reply, 'done');
  } catch (error) {
    if (!opened) throw error;
    send('error', errorBody(request, asAppError(request, error)));
    logStream(request, reply, 'error');
  }
  raw.end();
}
