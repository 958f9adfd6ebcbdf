import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agentRunCommand } from '../../../../domain/runs/agent-run-command.ts';
import { clientKey } from '../../../client-address.ts';
import { requireDatabase } from '../../../hooks/require-account.ts';
import { usageHeadersOnSend } from '../../../hooks/usage-headers-hook.ts';
import type { HttpServices } from '../../../http-services.ts';
import { presentAgentRun } from '../../../presenters/agent-presenter.ts';
import { asRecord } from '../../../request-issues.ts';
import { agentRunEnvelopeSchema } from '../../../schemas/agent-schemas.ts';
import { errorResponses } from '../../../schemas/common-schemas.ts';
import { setFreeTierHeaders } from '../../../usage-headers.ts';

const freeRunBodySchema = z
  .looseObject({
    agent: z.string().min(1).max(100).describe('A read-only agent id'),
    prompt: z.string().min(1).max(50_000).optional(),
    params: z.record(z.string(), z.unknown()).optional().describe('{ prompt, …agent fields } — the form older clients send'),
  })
  .describe('An anonymous run: the agent and its prompt (or params)');

/** The address the free tier counts a request under; proxies are believed only when TRUST_PROXY says so. */
function freeClient(request: FastifyRequest): string {
  return clientKey(request.ip, request.socket.remoteAddress);
}

export function registerFreeRun(app: FastifyInstance, services: HttpServices): void {
  app.withTypeProvider<ZodTypeProvider>().post('/api/free/run', {
    schema: {
      tags: ['free'],
      summary: 'Run a read-only agent without an API key',
      description:
        'Limited per client address over a rolling window (IPv6 per /64). X-Free-Remaining on every response; 429 free_limit_exceeded when used up; 403 agent_not_free for agents that need a key.',
      body: freeRunBodySchema,
      response: { 200: agentRunEnvelopeSchema, ...errorResponses(400, 403, 404, 410, 413, 415, 422, 429, 500, 502, 503) },
    },
    onRequest: requireDatabase(services),
    config: {
      furtherIssues: (request) => {
        const { agent, params, ...rest } = asRecord(request.body);
        return typeof agent === 'string' ? services.runner.taskIssues(agent, 'api', { ...asRecord(params), ...rest }) : [];
      },
    },
    onSend: usageHeadersOnSend((request) => services.runContexts.forAnonymous(freeClient(request)).meter, setFreeTierHeaders),
    handler: async (request, reply) => {
      const { agent, params, ...rest } = request.body;
      const client = freeClient(request);
      request.logContext = { agent };
      const result = await services.runner.run(agentRunCommand(services.runContexts.forAnonymous(client), { agentId: agent, body: { ...params, ...rest }, requestId: request.id }));
      request.usageSnapshot = result.quota;
      request.logContext = { agent: result.agent.id, model: result.model.id };
      reply.header('X-Agent', result.agent.id).header('X-Model', result.model.id);
      return presentAgentRun(result);
    },
  });
}
