import { z } from 'zod';
import { agentRunEnvelopeSchema } from './agent-schemas.ts';
import { errorBodySchema } from './common-schemas.ts';

const eventError = z.object({ code: z.string(), message: z.string() });
const runId = z.string();
const progress = z.number().int().min(0).max(100);

/** One server-sent event: its `id` (1, 2, 3… per run), its `event` name and the JSON of its `data` line. */
function runEvent<const Name extends string, Data extends z.ZodType>(name: Name, data: Data) {
  return z.object({ id: z.string().describe('The event id: its sequence number in the run'), event: z.literal(name), data });
}

/** Every event of `GET /api/runs/{runId}/events` (and the older playbook path), one per `event:` name. */
export const runEventSchema = z
  .discriminatedUnion('event', [
    runEvent('run.started', z.looseObject({ runId, status: z.literal('running'), playbookId: z.string().optional(), stepCount: z.number().int().optional(), progress })),
    runEvent('step.started', z.looseObject({ runId, stepIndex: z.number().int(), agentName: z.string(), attempt: z.number().int(), progress })),
    runEvent('step.completed', z.looseObject({ runId, stepIndex: z.number().int(), agentName: z.string(), status: z.literal('done'), model: z.string(), durationMs: z.number(), progress })),
    runEvent('step.failed', z.looseObject({ runId, stepIndex: z.number().int(), agentName: z.string(), status: z.literal('failed'), optional: z.boolean(), error: eventError, durationMs: z.number(), progress })),
    runEvent('run.completed', z.looseObject({ runId, status: z.literal('done'), progress, stepsSucceeded: z.number().int().optional() })),
    runEvent('run.failed', z.looseObject({ runId, status: z.literal('failed'), error: eventError, failedStep: z.number().int().optional(), progress })),
    runEvent('run.canceled', z.looseObject({ runId, status: z.literal('canceled'), progress })),
  ])
  .meta({ id: 'RunEvent', description: 'One event of a run’s stream (text/event-stream): `id`, `event` and the JSON of `data`' });

/** Every event of a streamed agent run (`stream: true` or `Accept: text/event-stream`). */
export const agentStreamEventSchema = z
  .discriminatedUnion('event', [
    z.object({ event: z.literal('meta'), data: z.looseObject({ runId, agent: z.string(), model: z.string(), provider: z.string() }) }),
    z.object({ event: z.literal('delta'), data: z.object({ text: z.string() }) }),
    z.object({ event: z.literal('done'), data: agentRunEnvelopeSchema }),
    z.object({ event: z.literal('error'), data: errorBodySchema }),
  ])
  .meta({ id: 'AgentStreamEvent', description: 'One event of a streamed agent run (text/event-stream): `meta` once, `delta` per piece of text, then `done` or `error`' });
