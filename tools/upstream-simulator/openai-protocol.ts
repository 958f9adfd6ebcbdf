import { randomUUID } from 'node:crypto';
import { providerError } from './provider-errors.ts';
import type { SimulatedProvider } from './provider-routes.ts';
import { contentText, isJsonObject, type Answer, type JsonObject, type OutputMode, type ParsedRequest, type SimulatedCall } from './simulated-call.ts';
import { jsonEvent, type StreamEvent } from './sse.ts';
import { streamPieces } from './structured-answer.ts';
import { strictSchemaProblem } from './strict-schema.ts';
import type { Endpoint, WireProtocol } from './wire-protocol.ts';

/** Providers that enforce OpenAI's strict-schema rules when a request sets `strict: true`. */
const enforcesStrictSchemas: ReadonlySet<SimulatedProvider> = new Set(['openai', 'groq']);

/**
 * OpenAI Chat Completions, as OpenAI, Groq, Mistral, NVIDIA NIM and Ollama speak it: POST
 * {base}/chat/completions. Each answers in the common shape with its own extras (Groq's `x_groq`,
 * Mistral's usage on every stream, vLLM's fields on NVIDIA).
 */
export const openaiProtocol: WireProtocol = {
  lineEnd: '\n',

  matchEndpoint(method, endpointPath) {
    return method === 'POST' && endpointPath === '/chat/completions' ? { model: undefined, stream: undefined, jsonArrayStream: false } : undefined;
  },

  modelOf: (_endpoint: Endpoint, body: unknown) => bodyModel(body),

  parse(provider, _endpoint, body): ParsedRequest {
    const model = bodyModel(body);
    const reject = (message: string, param: string | null = null): ParsedRequest => {
      const reply = providerError(provider, 400, { model, message });
      if (param !== null && isJsonObject(reply.body) && isJsonObject(reply.body.error)) reply.body.error.param = param;
      return { error: reply };
    };
    if (!isJsonObject(body)) return reject('We could not parse the JSON body of your request.');
    if (!model) return reject('you must provide a model parameter', 'model');
    const messages = Array.isArray(body.messages) ? body.messages.filter(isJsonObject) : [];
    if (messages.length === 0) return reject("Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.", 'messages');

    const format = readResponseFormat(body.response_format);
    if (format.strict && format.schema && enforcesStrictSchemas.has(provider)) {
      const problem = strictSchemaProblem(format.schema, format.name);
      if (problem) return reject(problem, 'response_format');
    }
    const texts = messages.map((message) => contentText(message.content));
    if (provider === 'openai' && format.mode === 'json_object' && !texts.some((text) => /json/i.test(text))) {
      return reject("'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.", 'messages');
    }
    const lastUser = [...messages].reverse().find((message) => message.role === 'user');
    const stream = body.stream === true;
    const streamOptions = isJsonObject(body.stream_options) ? body.stream_options : {};
    const call: SimulatedCall = {
      provider,
      model,
      stream,
      outputMode: format.mode,
      schema: format.schema,
      toolName: undefined,
      prompt: contentText(lastUser?.content),
      inputText: [...texts, format.schema ? JSON.stringify(format.schema) : ''].join('\n'),
      // Mistral reports usage on every stream; OpenAI-style servers only when asked (Groq uses x_groq).
      includeStreamUsage: provider === 'mistral' || streamOptions.include_usage === true,
    };
    return { call };
  },

  reply(provider, call, answer) {
    const base = { id: responseId(provider), object: 'chat.completion', created: now(), model: call.model };
    const usage = usageOf(answer);
    switch (provider) {
      case 'mistral':
        return { ...base, choices: [{ index: 0, message: { role: 'assistant', tool_calls: null, content: answer.text }, finish_reason: 'stop' }], usage };
      case 'nvidia':
        return {
          ...base,
          choices: [{ index: 0, message: { role: 'assistant', content: answer.text, reasoning_content: null, tool_calls: [] }, logprobs: null, finish_reason: 'stop', stop_reason: null }],
          usage: { ...usage, prompt_tokens_details: null },
          prompt_logprobs: null,
        };
      case 'groq':
        return {
          ...base,
          choices: [{ index: 0, message: { role: 'assistant', content: answer.text }, logprobs: null, finish_reason: 'stop' }],
          usage: { ...usage, queue_time: 0.01, prompt_time: 0.002, completion_time: 0.05, total_time: 0.052 },
          system_fingerprint: 'fp_simulator',
          x_groq: { id: `req_${randomUUID().replaceAll('-', '')}` },
        };
      case 'ollama':
        return { ...base, system_fingerprint: 'fp_ollama', choices: [{ index: 0, message: { role: 'assistant', content: answer.text }, finish_reason: 'stop' }], usage };
      default:
        return {
          ...base,
          choices: [{ index: 0, message: { role: 'assistant', content: answer.text, refusal: null, annotations: [] }, logprobs: null, finish_reason: 'stop' }],
          usage: {
            ...usage,
            prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
            completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
          },
          service_tier: 'default',
          system_fingerprint: 'fp_simulator',
        };
    }
  },

  streamEvents(provider, call, answer) {
    const base = { id: responseId(provider), object: 'chat.completion.chunk', created: now(), model: call.model };
    const chunk = (delta: JsonObject, finishReason: string | null, extra: JsonObject = {}): JsonObject => ({
      ...base,
      ...(provider === 'openai' || provider === 'groq' ? { system_fingerprint: 'fp_simulator' } : {}),
      choices: [{ index: 0, delta, ...(provider === 'mistral' ? {} : { logprobs: null }), finish_reason: finishReason }],
      ...extra,
    });
    const usage = usageOf(answer);
    const events: StreamEvent[] = [jsonEvent(chunk({ role: 'assistant', content: '' }, null), false)];
    for (const piece of streamPieces(answer.text)) events.push(jsonEvent(chunk({ content: piece }, null), true));
    // Mistral's schema wants `content` on every delta, the last one included.
    const finalDelta = provider === 'mistral' ? { content: '' } : {};
    const finalExtra = provider === 'groq' ? { x_groq: { id: `req_${randomUUID().replaceAll('-', '')}`, usage } } : provider === 'mistral' ? { usage } : {};
    events.push(jsonEvent(chunk(finalDelta, 'stop', finalExtra), false));
    if (call.includeStreamUsage && provider !== 'mistral') events.push(jsonEvent({ ...base, choices: [], usage }, false));
    events.push({ data: '[DONE]', carriesToken: false });
    return events;
  },
};

interface ResponseFormat {
  mode: OutputMode;
  schema: JsonObject | undefined;
  strict: boolean;
  name: string;
}

function readResponseFormat(format: unknown): ResponseFormat {
  if (!isJsonObject(format)) return { mode: 'text', schema: undefined, strict: false, name: '' };
  if (format.type === 'json_object') return { mode: 'json_object', schema: undefined, strict: false, name: '' };
  if (format.type === 'json_schema' && isJsonObject(format.json_schema)) {
    const spec = format.json_schema;
    return {
      mode: 'json_schema',
      schema: isJsonObject(spec.schema) ? spec.schema : undefined,
      strict: spec.strict === true,
      name: typeof spec.name === 'string' ? spec.name : 'response',
    };
  }
  return { mode: 'text', schema: undefined, strict: false, name: '' };
}

function bodyModel(body: unknown): string {
  return isJsonObject(body) && typeof body.model === 'string' ? body.model : '';
}

function usageOf(answer: Answer): { prompt_tokens: number; completion_tokens: number; total_tokens: number } {
  return { prompt_tokens: answer.inputTokens, completion_tokens: answer.outputTokens, total_tokens: answer.inputTokens + answer.outputTokens };
}

function responseId(provider: SimulatedProvider): string {
  const id = randomUUID().replaceAll('-', '');
  return provider === 'mistral' || provider === 'nvidia' ? id : `chatcmpl-${id}`;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}
