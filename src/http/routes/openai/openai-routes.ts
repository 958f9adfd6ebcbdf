import type { FastifyInstance } from 'fastify';
import type { HttpOptions, HttpServices } from '../../http-services.ts';
import { installOpenAiErrors } from '../../openai/openai-errors.ts';
import { registerChatCompletions } from './chat-completions.ts';
import { registerEmbeddings } from './embeddings.ts';
import { registerOpenAiModels } from './models.ts';

/** The prefix OpenAI's SDKs expect of a base URL (`http://host:port/v1`); `/api/v1` is another surface. */
export const openAiPrefix = '/v1';

/** The OpenAI-compatible surface, in a scope of its own: its errors, unknown paths included, are in OpenAI's shape. */
export function registerOpenAiRoutes(app: FastifyInstance, services: HttpServices, options: HttpOptions): void {
  void app.register(
    async (scope) => {
      installOpenAiErrors(scope, { bodyLimitBytes: options.bodyLimitBytes });
      registerChatCompletions(scope, services, options);
      registerOpenAiModels(scope, services);
      registerEmbeddings(scope, services);
    },
    { prefix: openAiPrefix },
  );
}
