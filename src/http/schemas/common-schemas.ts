import { z } from 'zod';
import { errorCodes } from '../../domain/errors.ts';

export const errorBodySchema = z
  .looseObject({
    success: z.literal(false),
    error: z.string().describe('Human-readable message'),
    code: z.enum(errorCodes).describe('Machine-readable error code'),
    requestId: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional().describe('On invalid_request: every problem, at most 50'),
    issuesOmitted: z.number().int().optional().describe('On invalid_request: how many problems there were beyond the 50 listed'),
    available: z.array(z.string()).optional().describe('Valid ids, on agent_not_found and playbook_not_found'),
    suggestions: z.array(z.string()).optional().describe('The closest valid ids ("did you mean"), best first, on agent_not_found and playbook_not_found'),
    reason: z.string().optional().describe('Why the id is not an agent, on gone'),
    replacement: z
      .union([z.object({ agent: z.string() }), z.object({ playbook: z.string() }), z.object({ endpoint: z.string() })])
      .optional()
      .describe('What to use instead, on gone: an agent, a playbook (POST /api/playbooks/run) or an endpoint ("GET /api/analytics")'),
  })
  .meta({ id: 'ErrorBody', description: 'Every error response' });

/** Documented error statuses for a route: each one is the shared error body. */
export function errorResponses<const Statuses extends number[]>(...statuses: Statuses): { [Status in Statuses[number]]: typeof errorBodySchema } {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as { [Status in Statuses[number]]: typeof errorBodySchema };
}

export const bearerSecurity = [{ bearerAuth: [] }];

/**
 * For a body's refinements: run them whenever the body is an object, even when a field already failed
 * (zod skips them then by default), so a 400 lists a missing id together with the fields that are wrong.
 */
export function evenWithFieldIssues(payload: { value: unknown }): boolean {
  return typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value);
}
