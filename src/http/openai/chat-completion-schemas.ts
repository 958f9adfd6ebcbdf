import { z } from 'zod';

const textPart = z.object({ type: z.literal('text'), text: z.string() });
/** Any other part (images, audio, files): recognised so that it can be refused by name. */
const otherPart = z.looseObject({ type: z.string() });
const content = z.union([z.string(), z.array(z.union([textPart, otherPart]))]);

const toolCallSchema = z.looseObject({
  id: z.string().min(1).max(200),
  type: z.literal('function'),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});

export const chatMessageSchema = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function']),
  content: content.nullable().optional(),
  name: z.string().optional(),
  tool_calls: z.array(toolCallSchema).max(128).nullable().optional().describe('An assistant message: the tool calls it made'),
  tool_call_id: z.string().max(200).optional().describe('A tool message: the call whose result it holds'),
});

const functionToolSchema = z.looseObject({
  type: z.literal('function'),
  function: z.looseObject({
    name: z.string(),
    description: z.string().max(10_000).optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullable().optional(),
  }),
});

const toolChoiceSchema = z.union([
  z.enum(['none', 'auto', 'required']),
  z.looseObject({ type: z.literal('function'), function: z.looseObject({ name: z.string() }) }),
]);

const responseFormatSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({ type: z.literal('json_object') }),
  z.object({
    type: z.literal('json_schema'),
    json_schema: z.looseObject({
      name: z.string().max(64),
      description: z.string().optional(),
      schema: z.record(z.string(), z.unknown()),
      strict: z.boolean().nullable().optional(),
    }),
  }),
]);

/**
 * OpenAI's chat completion request, the parameters this surface reads; others are accepted and ignored
 * unless they would change the answer in a way it cannot honour (see the route). `confirmed` and `fallback`
 * are this service's own, sent as extra body fields.
 */
export const chatCompletionRequestSchema = z.looseObject({
  model: z.string().min(1).max(200).describe('An agent id, a model id of the registry, or "auto" (GET /v1/models lists them)'),
  messages: z.array(chatMessageSchema).min(1).max(1000),
  temperature: z.number().min(0).max(2).nullable().optional(),
  top_p: z.number().min(0).max(1).nullable().optional(),
  presence_penalty: z.number().min(-2).max(2).nullable().optional(),
  frequency_penalty: z.number().min(-2).max(2).nullable().optional(),
  seed: z.int().nullable().optional(),
  max_tokens: z.int().min(1).nullable().optional(),
  max_completion_tokens: z.int().min(1).nullable().optional(),
  n: z.int().min(1).nullable().optional(),
  stop: z.union([z.string(), z.array(z.string())]).nullable().optional(),
  stream: z.boolean().nullable().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
  response_format: responseFormatSchema.optional(),
  tools: z.array(functionToolSchema).max(128).optional().describe('Functions the model may call (registry models and "auto" only)'),
  tool_choice: toolChoiceSchema.optional(),
  parallel_tool_calls: z.boolean().nullable().optional(),
  functions: z.array(z.unknown()).optional(),
  function_call: z.unknown().optional(),
  logprobs: z.boolean().nullable().optional(),
  confirmed: z.boolean().optional().describe('This service\'s own: confirms a run of an agent that needs confirmation (as on /api)'),
  fallback: z.boolean().optional().describe('This service\'s own: with a registry model, fall back to other models when it fails'),
});

export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;

const usageSchema = z.object({ prompt_tokens: z.number(), completion_tokens: z.number(), total_tokens: z.number() });

export const chatCompletionSchema = z
  .object({
    id: z.string().describe('The run id (GET /api/runs/{id})'),
    object: z.literal('chat.completion'),
    created: z.number(),
    model: z.string().describe('The registry model that answered (sandbox/… without provider keys)'),
    choices: z.array(
      z.object({
        index: z.number(),
        message: z.object({
          role: z.literal('assistant'),
          content: z.string().nullable(),
          refusal: z.null(),
          tool_calls: z.array(z.object({ id: z.string(), type: z.literal('function'), function: z.object({ name: z.string(), arguments: z.string() }) })).optional(),
        }),
        finish_reason: z.enum(['stop', 'tool_calls']),
        logprobs: z.null(),
      }),
    ),
    usage: usageSchema,
  })
  .describe('A chat completion; with "stream": true, server-sent `chat.completion.chunk` events ending in `data: [DONE]`');

export const chatCompletionChunkSchema = z.object({
  id: z.string(),
  object: z.literal('chat.completion.chunk'),
  created: z.number(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number(),
      delta: z.object({
        role: z.literal('assistant').optional(),
        content: z.string().optional(),
        tool_calls: z.array(z.object({ index: z.number(), id: z.string(), type: z.literal('function'), function: z.object({ name: z.string(), arguments: z.string() }) })).optional(),
      }),
      finish_reason: z.enum(['stop', 'tool_calls']).nullable(),
      logprobs: z.null(),
    }),
  ),
  usage: usageSchema.nullable().optional(),
});

export type ChatCompletionChunk = z.infer<typeof chatCompletionChunkSchema>;

export const openAiErrorBodySchema = z
  .object({
    error: z.looseObject({
      message: z.string(),
      type: z.string().describe('invalid_request_error, authentication_error, permission_error, rate_limit_error or server_error'),
      param: z.string().nullable(),
      code: z.string().describe('model_not_found, invalid_api_key, rate_limit_exceeded, unsupported_parameter, or the service\'s own code'),
    }),
  })
  .describe('Every error of the /v1 surface, in OpenAI\'s shape');

/** Documented error statuses of a `/v1` route, each in OpenAI's error shape. */
export function openAiErrorResponses<const Statuses extends number[]>(...statuses: Statuses): { [Status in Statuses[number]]: typeof openAiErrorBodySchema } {
  return Object.fromEntries(statuses.map((status) => [status, openAiErrorBodySchema])) as { [Status in Statuses[number]]: typeof openAiErrorBodySchema };
}
