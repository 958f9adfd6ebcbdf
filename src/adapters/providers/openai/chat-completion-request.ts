import type { JSONSchema7, LanguageModelV4CallOptions, LanguageModelV4Prompt } from '@ai-sdk/provider';

/**
 * How the SDK sends a model's chat requests, which depends on what it knows of the model: a plain chat model
 * gets `system` turns and every sampling setting; a reasoning model (o-series, GPT-5 and later) gets
 * `developer` turns, no temperature, top_p or penalties, and its token limit as `max_completion_tokens`.
 * Learnt per model from the SDK itself (see LeanChatModel), never guessed from the id.
 */
export interface ChatStyle {
  systemRole: 'system' | 'developer';
  /** Sampling settings dropped and the token limit sent as `max_completion_tokens`. */
  reasoning: boolean;
}

export const chatStyles: readonly ChatStyle[] = [
  { systemRole: 'system', reasoning: false },
  { systemRole: 'developer', reasoning: true },
];

/**
 * The Chat Completions request body the AI SDK's OpenAI chat model (`getArgs`) sends, built directly, for
 * the requests this service makes: system, user and assistant text turns, a JSON answer with or without a
 * schema, sampling settings and `strictJsonSchema`, in the model's style. The keys come in the SDK's order,
 * so the JSON text is the same byte for byte.
 *
 * Anything else answers undefined and stays with the SDK: tools, reasoning settings, topK, other provider
 * options, message options, files, and schemas the SDK rewrites for OpenAI (propertyNames, lookaround
 * patterns, single-reference allOf).
 */
export function chatCompletionBody(modelId: string, options: LanguageModelV4CallOptions, style: ChatStyle): Record<string, unknown> | undefined {
  if ((options.tools !== undefined && options.tools.length > 0) || options.toolChoice !== undefined) return undefined;
  if (options.topK !== undefined || options.reasoning !== undefined || options.headers !== undefined) return undefined;
  const strict = strictJsonSchemaOption(options.providerOptions);
  if (strict === undefined) return undefined;
  const messages = chatMessages(options.prompt, style.systemRole);
  if (messages === undefined) return undefined;
  const format = options.responseFormat;
  let responseFormat: Record<string, unknown> | undefined;
  if (format?.type === 'json') {
    if (format.schema === undefined) responseFormat = { type: 'json_object' };
    else if (rewrittenForOpenAi(format.schema)) return undefined;
    else responseFormat = { type: 'json_schema', json_schema: { schema: format.schema, strict, name: format.name ?? 'response', description: format.description } };
  }
  const sampled = !style.reasoning;
  return {
    model: modelId,
    max_tokens: sampled ? options.maxOutputTokens : undefined,
    temperature: sampled ? options.temperature : undefined,
    top_p: sampled ? options.topP : undefined,
    frequency_penalty: sampled ? options.frequencyPenalty : undefined,
    presence_penalty: sampled ? options.presencePenalty : undefined,
    response_format: responseFormat,
    stop: options.stopSequences,
    seed: options.seed,
    max_completion_tokens: sampled ? undefined : options.maxOutputTokens,
    messages,
  };
}

/** The `strictJsonSchema` option (true unless set), or undefined when other provider options are present. */
function strictJsonSchemaOption(providerOptions: LanguageModelV4CallOptions['providerOptions']): boolean | undefined {
  if (providerOptions === undefined) return true;
  const names = Object.keys(providerOptions);
  if (names.length === 0) return true;
  const openai = providerOptions['openai'];
  if (names.length !== 1 || openai === undefined) return undefined;
  const keys = Object.keys(openai);
  if (keys.length === 0) return true;
  const strict = openai['strictJsonSchema'];
  return keys.length === 1 && typeof strict === 'boolean' ? strict : undefined;
}

type ChatMessage = { role: ChatStyle['systemRole'] | 'user' | 'assistant'; content: string | { type: 'text'; text: string }[] };

/** The prompt as Chat Completions messages, or undefined when a turn holds anything but plain text. */
function chatMessages(prompt: LanguageModelV4Prompt, systemRole: ChatStyle['systemRole']): ChatMessage[] | undefined {
  const messages: ChatMessage[] = [];
  for (const message of prompt) {
    if (message.providerOptions !== undefined) return undefined;
    if (message.role === 'system') {
      messages.push({ role: systemRole, content: message.content });
      continue;
    }
    if (message.role !== 'user' && message.role !== 'assistant') return undefined;
    const texts: string[] = [];
    for (const part of message.content) {
      if (part.type !== 'text' || part.providerOptions !== undefined) return undefined;
      texts.push(part.text);
    }
    if (message.role === 'assistant') messages.push({ role: 'assistant', content: texts.join('') });
    else if (texts.length === 1) messages.push({ role: 'user', content: texts[0] as string });
    else messages.push({ role: 'user', content: texts.map((text) => ({ type: 'text', text })) });
  }
  return messages;
}

const rewrittenSchemas = new WeakMap<object, boolean>();

/**
 * Whether the SDK would change the schema before sending it (normalizeOpenAIJsonSchema): it drops
 * `propertyNames` and patterns with lookaround and turns a single-reference `allOf` into a `$ref`. This
 * errs on the side of yes: any such key anywhere. Remembered per schema object, as schemas are reused.
 */
function rewrittenForOpenAi(schema: JSONSchema7): boolean {
  let rewritten = rewrittenSchemas.get(schema);
  if (rewritten === undefined) {
    rewritten = containsRewrittenKeyword(schema);
    rewrittenSchemas.set(schema, rewritten);
  }
  return rewritten;
}

function containsRewrittenKeyword(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(containsRewrittenKeyword);
  if (typeof value !== 'object' || value === null) return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'propertyNames' || key === 'allOf') return true;
    if (key === 'pattern' && typeof inner === 'string' && /\(\?<?[=!]/.test(inner)) return true;
    if (containsRewrittenKeyword(inner)) return true;
  }
  return false;
}
