import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { HttpServices } from '../../http-services.ts';
import { requireAccount } from '../../hooks/require-account.ts';
import { usageHeadersOnSend } from '../../hooks/usage-headers-hook.ts';
import { openAiErrorResponses } from '../../openai/chat-completion-schemas.ts';
import { embeddingInputs, embeddingListSchema, embeddingRequestSchema, presentEmbeddings, resolveEmbeddingModel } from '../../openai/embedding-request.ts';
import { bearerSecurity } from '../../schemas/common-schemas.ts';
import { setQuotaHeaders } from '../../usage-headers.ts';

/**
 * POST /v1/embeddings: OpenAI's embeddings, made by an embedding model of the registry (the sandbox's when
 * no provider is configured), counted on the /api quota and recorded in the run log (agent `embeddings`).
 */
export function registerEmbeddings(scope: FastifyInstance, services: HttpServices): void {
  scope.withTypeProvider<ZodTypeProvider>().post('/embeddings', {
    schema: {
      tags: ['openai'],
      summary: 'Create embeddings (OpenAI-compatible)',
      description:
        '`model` is an embedding model of the registry (GET /v1/models), by its id or the provider\'s own id. One unit of the /api quota per request; the texts go through the PII layer first. Without provider keys the sandbox answers with deterministic vectors (`model`: sandbox/embedding). See docs/openai-compatible.md.',
      security: bearerSecurity,
      body: embeddingRequestSchema,
      response: { 200: embeddingListSchema, ...openAiErrorResponses(400, 401, 404, 410, 413, 415, 422, 429, 502, 503) },
    },
    onRequest: requireAccount(services),
    onSend: usageHeadersOnSend((request) => request.account && services.runContexts.meterOf(request.account.account, 'api'), setQuotaHeaders),
    handler: async (request, reply) => {
      const account = request.account;
      if (!account) throw new Error('requireAccount did not set the account');
      const model = resolveEmbeddingModel(services, request.body.model);
      const inputs = embeddingInputs(request.body.input);
      request.logContext = { model: model.id };
      const result = await services.embeddings.embed({
        context: services.runContexts.forAccount(account.account, 'api'),
        requestId: request.id,
        model,
        inputs,
        dimensions: request.body.dimensions,
      });
      request.usageSnapshot = result.quota;
      request.logContext = { model: result.model.id };
      reply.header('X-Model', result.model.id).header('X-Run-Id', result.runId);
      return presentEmbeddings(result, request.body.encoding_format ?? 'float');
    },
  });
}
