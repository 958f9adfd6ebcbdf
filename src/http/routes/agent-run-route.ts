import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiSurface } from '../../domain/agents/agent.ts';
import { agentRunCommand } from '../../domain/runs/agent-run-command.ts';
import type { HttpServices } from '../http-services.ts';
import { idempotencyHeadersSchema } from '../hooks/idempotency-hooks.ts';
import { requireAccount } from '../hooks/require-account.ts';
import { presentAgentRun } from '../presenters/agent-presenter.ts';
import { asRecord } from '../request-issues.ts';
import { agentParamsSchema, agentRunBodySchema, agentRunEnvelopeSchema } from '../schemas/agent-schemas.ts';
import { bearerSecurity, errorResponses } from '../schemas/common-schemas.ts';
import { usageHeadersOnSend } from '../hooks/usage-headers-hook.ts';
import { streamAgentRun, wantsStream } from '../streaming/agent-run-stream.ts';
import { quotaHeaders, setQuotaHeaders } from '../usage-headers.ts';

/** POST {prefix}/agents/:agent on either surface: same schema, same execution path, same envelope. */
export function registerAgentRunRoute(
  app: FastifyInstance,
  services: HttpServices,
  route: { surface: ApiSurface; url: string; summary: string; description: string },
): void {
  app.withTypeProvider<ZodTypeProvider>().post(route.url, {
    schema: {
      tags: [route.surface === 'v1' ? 'v1' : 'agents'],
      summary: route.summary,
      description: route.description,
      security: bearerSecurity,
      params: agentParamsSchema,
      headers: idempotencyHeadersSchema,
      body: agentRunBodySchema,
      response: { 200: agentRunEnvelopeSchema, ...errorResponses(400, 401, 404, 409, 410, 413, 415, 422, 429, 500, 502, 503) },
    },
    // A streamed run cannot be replayed, so its Idempotency-Key is not taken.
    config: {
      idempotency: { skip: (request) => wantsStream(request, request.body as { stream?: boolean }) },
      furtherIssues: (request) => {
        const agentId = asRecord(request.params).agent;
        return typeof agentId === 'string' ? services.runner.taskIssues(agentId, route.surface, asRecord(request.body)) : [];
      },
    },
    // Authentication comes before the body is read: an anonymous caller costs no parsing and learns nothing from a 400.
    onRequest: requireAccount(services),
    onSend: usageHeadersOnSend((request) => request.account && services.runContexts.meterOf(request.account.account, route.surface), setQuotaHeaders),
    handler: async (request, reply) => {
      const account = request.account;
      if (!account) throw new Error('requireAccount did not set the account');
      request.logContext = { agent: request.params.agent };
      const command = agentRunCommand(services.runContexts.forAccount(account.account, route.surface), { agentId: request.params.agent, body: request.body, requestId: request.id });
      if (wantsStream(request, request.body)) {
        return streamAgentRun(request, reply, { limitHeaders: quotaHeaders, run: (onDelta) => services.runner.run({ ...command, onDelta }) });
      }
      const result = await services.runner.run(command);
      request.usageSnapshot = result.quota;
      request.logContext = { agent: result.agent.id, model: result.model.id };
      reply.header('X-Agent', result.agent.id).header('X-Model', result.model.id);
      return presentAgentRun(result);
    },
  });
}
