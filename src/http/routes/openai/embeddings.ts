import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HttpServices } from '../../http-services.ts';
import { requireAccount } from '../../hooks/require-account.ts';
import { openAiErrorResponses } from '../../openai/chat-completion-schemas.ts';
import { resolveChatTarget } from '../../openai/chat-run-request.ts';
import { OpenAiError } from '../../openai/openai-errors.ts';
import { bearerSecurity } from '../../schemas/common-schemas.ts';

const embeddingRequestSchema = z.looseObject({
  model: z.string().min(1).max(200),
  input: z.union([z.string(), z.array(z.string()).min(1).max(2048), z.array(z.int()).min(1), z.array(z.array(z.int()).min(1)).min(1).max(2048)]),
  encoding_format: z.enum(['float', 'base64']).optional(),
  dimensions: z.int().min(1).optional(),
  user: z.string().optional(),
});

/**
 * POST /v1/embeddings: the registry holds no embedding model, so every request is refused by its model: an
 * unknown one is 404 `model_not_found`, a chat model, an agent or `auto` a 400 saying that it does not embed.
 */
export function registerEmbeddings(scope: FastifyInstance, services: HttpServices): void {
  scope.withTypeProvider<ZodTypeProvider>().post('/embeddings', {
    schema: {
      tags: ['openai'],
      summary: 'Create embeddings (OpenAI-compatible): not offered yet',
      description: 'The model registry has no embedding model: an unknown model answers 404 model_not_found, any other 400 model_not_supported.',
      security: bearerSecurity,
      body: embeddingRequestSchema,
      response: openAiErrorResponses(400, 401, 404, 413, 415, 503),
    },
    onRequest: requireAccount(services),
    handler: async (request) => {
      resolveChatTarget(services, request.body.model);
      throw new OpenAiError(400, `"${request.body.model}" is not an embedding model: this service's model registry has no embedding models, so /v1/embeddings cannot answer`, {
        code: 'model_not_supported',
        param: 'model',
      });
    },
  });
}
