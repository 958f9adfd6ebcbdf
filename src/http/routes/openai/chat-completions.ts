import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { agentRunCommand } from '../../../domain/runs/agent-run-command.ts';
import type { HttpOptions, HttpServices } from '../../http-services.ts';
import { requireAccount } from '../../hooks/require-account.ts';
import { usageHeadersOnSend } from '../../hooks/usage-headers-hook.ts';
import { createdAt, presentChatCompletion } from '../../openai/chat-completion-presenter.ts';
import { chatCompletionRequestSchema, chatCompletionSchema, openAiErrorResponses } from '../../openai/chat-completion-schemas.ts';
import { streamChatCompletion } from '../../openai/chat-completion-stream.ts';
import { chatRun, resolveChatTarget } from '../../openai/chat-run-request.ts';
import { bearerSecurity } from '../../schemas/common-schemas.ts';
import { quotaHeaders, setQuotaHeaders } from '../../usage-headers.ts';

/**
 * POST /v1/chat/completions: OpenAI's chat completion, answered by an agent, a registry model or the router,
 * through the same runner, quota, safety layers, routing and run log as POST /api/agents/{agent}.
 */
export function registerChatCompletions(scope: FastifyInstance, services: HttpServices, options: Pick<HttpOptions, 'bodyLimitBytes'>): void {
  scope.withTypeProvider<ZodTypeProvider>().post('/chat/completions', {
    schema: {
      tags: ['openai'],
      summary: 'Create a chat completion (OpenAI-compatible)',
      description:
        '`model` is an agent id (the last user message is its prompt; its output, as JSON text, the reply), a model id of the registry (the conversation answered by that model, without failover unless `fallback: true`), or `auto` (the router picks). With a model or `auto`, `tools` let the model answer with calls (`finish_reason: tool_calls`); agents refuse tools. Counted on the /api quota. See docs/openai-compatible.md.',
      security: bearerSecurity,
      body: chatCompletionRequestSchema,
      response: { 200: chatCompletionSchema, ...openAiErrorResponses(400, 401, 404, 410, 413, 415, 422, 429, 500, 502, 503) },
    },
    onRequest: requireAccount(services),
    onSend: usageHeadersOnSend((request) => request.account && services.runContexts.meterOf(request.account.account, 'api'), setQuotaHeaders),
    handler: async (request, reply) => {
      const account = request.account;
      if (!account) throw new Error('requireAccount did not set the account');
      const created = createdAt(new Date());
      const chat = chatRun(resolveChatTarget(services, request.body.model), request.body);
      request.logContext = { agent: chat.agentId };
      const command = {
        ...agentRunCommand(services.runContexts.forAccount(account.account, 'api'), { agentId: chat.agentId, body: chat.body, requestId: request.id }),
        builtInAgent: chat.builtInAgent,
        sampling: chat.sampling,
        suppliedData: chat.suppliedData,
      };
      if (request.body.stream === true) {
        return streamChatCompletion(request, reply, {
          chat,
          created,
          includeUsage: request.body.stream_options?.include_usage === true,
          bodyLimitBytes: options.bodyLimitBytes,
          limitHeaders: quotaHeaders,
          run: (onDelta) => services.runner.run({ ...command, onDelta }),
        });
      }
      const result = await services.runner.run(command);
      request.usageSnapshot = result.quota;
      request.logContext = { agent: result.agent.id, model: result.model.id };
      reply.header('X-Agent', result.agent.id).header('X-Model', result.model.id);
      return presentChatCompletion(chat, result, created);
    },
  });
}
