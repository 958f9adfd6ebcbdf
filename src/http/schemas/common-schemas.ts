import { z } from 'zod';
import { errorCodes } from '../../domain/errors.ts';

export const errorBodySchema = z
  .looseObject({
    success: z.literal(false),
    error: z.string().describe('Human-readable message'),
    code: z.enum(errorCodes).describe('Machine-readable error code'),
    requestId: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    available: z.array(z.string()).optional().describe('Valid ids, on agent_not_found'),
    reason: z.string().optional().describe('Why the id is not an agent, on gone'),
    replacement: z
      .union([z.object({ agent: z.string() }), z.object({ playbook: z.string() }), z.object({ endpoint: z.string() })])
      .optional()
      .describe('What to use instead, on gone: an agent, a playbook (POST /api/playbooks/run) or an endpoint ("GET /api/analytics")'),
  })
  .describe('Every error response');

/** Documented error statuses for a route: each one is the shared error body. */
export function errorResponses<const Statuses extends number[]>(...statuses: Statuses): { [Status in Statuses[number]]: typeof errorBodySchema } {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as { [Status in Statuses[number]]: typeof errorBodySchema };
}

export const bearerSecurity = [{ bearerAuth: [] }];
