import { z } from 'zod';

export const runStatuses = ['queued', 'running', 'done', 'failed', 'canceled'] as const;
export const runKinds = ['agent', 'playbook'] as const;

const startedRunFields = {
  runId: z.string(),
  status: z.enum(runStatuses),
  statusUrl: z.string().describe('GET it for the run state and result (GET /api/runs/{id})'),
  eventsUrl: z.string().describe('Follow the run as server-sent events (GET /api/runs/{id}/events)'),
};

/**
 * The 202 of every route that starts or resumes a run in the background (triggers, playbooks, resumes): the
 * run's id, status and where to follow it, at top level and in `data`.
 */
export const startedRunSchema = z
  .object({
    success: z.literal(true),
    ...startedRunFields,
    data: z.object({
      ...startedRunFields,
      type: z.enum(runKinds),
      pollUrl: z.string().optional().describe('Playbook runs: the same run under the older /api/playbooks/runs/{id} path'),
    }),
  })
  .meta({ id: 'StartedRun', description: 'The run was accepted and goes on in the background' });
