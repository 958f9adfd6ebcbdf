import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HttpServices } from '../../http-services.ts';
import { requireAccount } from '../../hooks/require-account.ts';
import { openAiErrorResponses } from '../../openai/chat-completion-schemas.ts';
import { autoModelId, resolveChatTarget } from '../../openai/chat-run-request.ts';
import { bearerSecurity } from '../../schemas/common-schemas.ts';

const modelSchema = z.object({
  id: z.string(),
  object: z.literal('model'),
  created: z.number().describe('When this server started, in epoch seconds: the catalog and registry are read then'),
  owned_by: z.string().describe('"agentapi" for agents, the provider for registry models, "router" for auto'),
});

type OpenAiModel = z.infer<typeof modelSchema>;

/** Every value `model` may take on /v1: the catalog's agents, the registry's models (chat, then embedding), and `auto`. */
function listModels(services: HttpServices, created: number): OpenAiModel[] {
  return [
    { id: autoModelId, object: 'model', created, owned_by: 'router' },
    ...services.registry.list().map((model) => ({ id: model.id, object: 'model' as const, created, owned_by: model.provider })),
    ...services.registry.embeddingModels().map((model) => ({ id: model.id, object: 'model' as const, created, owned_by: model.provider })),
    ...services.catalog.list('api').map((agent) => ({ id: agent.id, object: 'model' as const, created, owned_by: 'agentapi' })),
  ];
}

/** GET /v1/models and GET /v1/models/{model}, in OpenAI's list and model shapes. */
export function registerOpenAiModels(scope: FastifyInstance, services: HttpServices): void {
  const created = Math.floor(Date.now() / 1000);
  const typed = scope.withTypeProvider<ZodTypeProvider>();
  typed.get('/models', {
    schema: {
      tags: ['openai'],
      summary: 'List models (OpenAI-compatible)',
      description: 'Every value `model` may take: "auto", the registry\'s chat models (whatever their status: GET /api/models has it), its embedding models (POST /v1/embeddings) and the agents.',
      security: bearerSecurity,
      response: { 200: z.object({ object: z.literal('list'), data: z.array(modelSchema) }), ...openAiErrorResponses(401, 503) },
    },
    onRequest: requireAccount(services),
    handler: async () => ({ object: 'list' as const, data: listModels(services, created) }),
  });
  const retrieve = {
    tags: ['openai'],
    summary: 'Retrieve a model (OpenAI-compatible)',
    description: 'One agent, registry model or "auto"; 404 model_not_found for anything else. A registry id holds a slash: send it encoded (openai%2Fgpt-5-mini, as the SDKs do) or as it is.',
    security: bearerSecurity,
    response: { 200: modelSchema, ...openAiErrorResponses(401, 404, 410, 503) },
  };
  const modelNamed = (id: string): OpenAiModel => {
    const embedding = services.registry.lookupEmbedding(id);
    if (embedding.kind === 'found') return { id: embedding.model.id, object: 'model', created, owned_by: embedding.model.provider };
    const target = resolveChatTarget(services, id);
    const canonical = target.kind === 'agent' ? target.agent.id : id;
    return listModels(services, created).find((model) => model.id === canonical) as OpenAiModel;
  };
  typed.get('/models/:model', {
    schema: { ...retrieve, params: z.object({ model: z.string().describe('The model id') }) },
    onRequest: requireAccount(services),
    handler: async (request) => modelNamed(request.params.model),
  });
  // The same, for an id sent with its slashes as they are (groq/openai/gpt-oss-120b): the rest of the path is the id.
  typed.get('/models/*', {
    schema: { ...retrieve, hide: true, params: z.object({ '*': z.string() }) },
    onRequest: requireAccount(services),
    handler: async (request) => modelNamed(request.params['*']),
  });
}
