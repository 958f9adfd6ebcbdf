import type { JSONSchema7, LanguageModelV4CallOptions, LanguageModelV4Prompt } from '@ai-sdk/provider';

/**
 * The Chat Completions request body the AI SDK's OpenAI chat model (`getArgs`) sends, built directly, for
 * the requests this service makes: system, user and assistant text turns, a JSON answer with or without a
 * schema, sampling settings and `strictJsonSchema`. The keys come in the SDK's order, so the JSON text is
 * the same byte for byte.
 *
 * Anything else answers undefined and stays with the SDK: models the SDK treats as reasoning models (it
 * turns `system` into `developer` and drops sampling settings), search-preview models (no temperature),
 * tools, reasoning settings, topK, other provider options, message options, files, and schemas the SDK
 * rewrites for OpenAI (propertyNames, lookaround patterns, single-reference allOf).
 */
export function chatCompletionBody(modelId: string, options: LanguageModelV4CallOptions): Record<string, unknown> | undefined {
  if (!sentAsPlainChat(modelId)) return undefined;
  if ((options.tools !== undefined && options.tools.length > 0) || options.toolChoice !== undefined) return undefined;
  if (options.topK !== undefined || options.reasoning !== undefined || options.headers !== undefined) return undefined;
  const strict = strictJsonSchemaOption(options.providerOptions);
  if (strict === undefined) return undefined;
  const messages = chatMessages(options.prompt);
  if (messages === undefined) return undefined;
  const format = options.responseFormat;
  let responseFormat: Record<string, unknown> | undefined;
  if (format?.type === 'json') {
    if (format.schema === undefined) responseFormat = { type: 'json_object' };
    else if (rewrittenForOpenAi(format.schema)) return undefined;
    else responseFormat = { type: 'json_schema', json_schema: { schema: format.schema, strict, name: format.name ?? 'response', description: format.description } };
  }
  return {
    model: modelId,
    max_tokens: options.maxOutputTokens,
    temperature: options.temperature,
    top_p: options.topP,
    frequency_penalty: options.frequencyPenalty,
    presence_penalty: options.presencePenalty,
    response_format: responseFormat,
    stop: options.stopSequences,
    seed: options.seed,
    messages,
  };
}

/**
 * Model ids the SDK sends as they are: not an o-series or GPT-5-or-later model (reasoning models in its
 * catalog) and not a search-preview model. Unknown ids, such as a gateway's or a simulator's, count as
 * plain chat models, as they do in the SDK.
 */
function sentAsPlainChat(modelId: string): boolean {
  return !/^o\d+(?:-|$)/.test(modelId) && !/^gpt-(?:[5-9]|\d{2,})/.test(modelId) && !modelId.includes('search-preview');
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

type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string | { type: 'text'; text: string }[] };

/** The prompt as Chat Completions messages, or undefined when a turn holds anything but plain text. */
function chatMessages(prompt: LanguageModelV4Prompt): ChatMessage[] | undefined {
  const messages: ChatMessage[] = [];
  for (const message of prompt) {
    if (message.providerOptions !== undefined) return undefined;
    if (message.role === 'system') {
      messages.push({ role: 'system', content: message.content });
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
