import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APICallError, type LanguageModelV4, type LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderSettingsByName } from '../../../config/app-config.ts';
import { UpstreamError, type GenerationRequest, type GenerationResult } from '../../../ports/model-gateway.ts';
import { AiSdkModelGateway } from '../ai-sdk-model-gateway.ts';
import { connectionSettings, type ProviderAdapter } from '../provider-adapter.ts';
import { chatCompletionBody, chatStyles, type ChatStyle } from './chat-completion-request.ts';
import { learnChatStyle } from './learn-chat-style.ts';
import { LeanChatModel } from './lean-chat-model.ts';
import { openaiAdapter } from './openai-adapter.ts';

/**
 * The lean Chat Completions path against the AI SDK's own chat model: both gateways call the same local
 * server, which records what arrives and answers the same canned response; what is sent, what comes back
 * and how failures are classified must not differ.
 */

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Canned {
  status: number;
  body: string;
  contentType?: string;
  delayMs?: number;
}

let server: Server;
let baseUrl: string;
let received: Received[] = [];
let answer: Canned = { status: 200, body: '' };

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method, url: request.url, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const { status, body, contentType = 'application/json', delayMs = 0 } = answer;
      setTimeout(() => response.writeHead(status, { 'content-type': contentType, 'x-request-id': 'req-1' }).end(body), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The adapter as it was: every call through the SDK's chat model. */
const sdkOnlyAdapter: ProviderAdapter = {
  ...openaiAdapter,
  async createModelFactory(settings) {
    const { createOpenAI } = await import('@ai-sdk/openai');
    const provider = createOpenAI(connectionSettings(settings));
    return (modelId) => provider.chat(modelId);
  },
};

async function gateways(url = baseUrl): Promise<{ sdk: AiSdkModelGateway; lean: AiSdkModelGateway }> {
  const settings = { openai: { apiKey: 'sk-test-key', baseUrl: url } } as ProviderSettingsByName;
  return { sdk: await AiSdkModelGateway.create(settings, [sdkOnlyAdapter]), lean: await AiSdkModelGateway.create(settings, [openaiAdapter]) };
}

type Outcome = { result: GenerationResult; error?: undefined } | { result?: undefined; error: UpstreamError };

async function outcome(gateway: AiSdkModelGateway, request: GenerationRequest): Promise<Outcome> {
  try {
    return { result: await gateway.generate(request) };
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return { error };
  }
}

/** One request through each gateway against the same answer: what each sent and what each returned. */
async function both(request: GenerationRequest, canned: Canned, url?: string): Promise<{ sdk: Outcome; lean: Outcome; sent: Received[] }> {
  const { sdk, lean } = await gateways(url);
  answer = canned;
  received = [];
  const sdkOutcome = await outcome(sdk, request);
  const leanOutcome = await outcome(lean, request);
  return { sdk: sdkOutcome, lean: leanOutcome, sent: received };
}

const outputSchema = {
  type: 'object',
  properties: {
    title: { type: 'string', maxLength: 120, pattern: '^[A-Z]' },
    score: { type: 'integer', minimum: 1, maximum: 5 },
    findings: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, detail: { type: ['string', 'null'] } }, required: ['name'] } },
    tags: { type: 'object', additionalProperties: { type: 'string' } },
    note: { type: 'string', description: 'Anything else "quoted" or ünïcode.' },
  },
  required: ['title', 'score', 'findings'],
  additionalProperties: false,
};

function request(overrides: Partial<GenerationRequest> = {}): GenerationRequest {
  return { provider: 'openai', providerModelId: 'gpt-4.1-mini', instructions: 'Review the text.', prompt: 'The text: "hello"\nline two', outputSchema, timeoutMs: 5_000, ...overrides };
}

function completion(message: Record<string, unknown>, usage: Record<string, unknown> | undefined = { prompt_tokens: 31, completion_tokens: 9, total_tokens: 40 }): string {
  return JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', created: 1_700_000_000, model: 'gpt-4.1-mini', choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }], ...(usage ? { usage } : {}) });
}

const okAnswer: Canned = { status: 200, body: completion({ content: '{"title":"Fine","score":4,"findings":[{"name":"a"}]}' }) };

/** The headers that reach the provider, without those that belong to the connection. */
function wireHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { connection: _connection, host: _host, ...rest } = headers;
  return rest;
}

function expectSameRequests(sent: Received[]): void {
  expect(sent).toHaveLength(2);
  const [sdk, lean] = sent as [Received, Received];
  expect(lean.method).toBe(sdk.method);
  expect(lean.url).toBe(sdk.url);
  expect(wireHeaders(lean.headers)).toEqual(wireHeaders(sdk.headers));
  expect(JSON.parse(lean.body)).toEqual(JSON.parse(sdk.body));
  // The same text, key order included.
  expect(lean.body).toBe(sdk.body);
}

const catalogOpenAiModels = (load(readFileSync(new URL('../../../../catalog/models.yaml', import.meta.url), 'utf8')) as { models: { provider: string; providerModelId?: string; id: string }[] }).models
  .filter((model) => model.provider === 'openai')
  .map((model) => model.providerModelId ?? model.id.replace(/^openai\//, ''));

describe('the lean OpenAI chat path sends what the SDK sends', () => {
  const shapes: [string, Partial<GenerationRequest>][] = [
    ['system and user', {}],
    ['the repair turn', { repair: { previousText: '{"title":"fine"}', problem: '/title must match pattern "^[A-Z]"' } }],
    ['every sampling setting', { sampling: { temperature: 0.3, topP: 0.9, presencePenalty: 0.5, frequencyPenalty: -0.25, seed: 42, maxOutputTokens: 300 } }],
    ['some sampling settings', { sampling: { temperature: 0, maxOutputTokens: 1 } }],
    ['a schema the SDK rewrites (left to the SDK)', { outputSchema: { type: 'object', propertyNames: { pattern: '^[a-z]+$' }, additionalProperties: { type: 'string' } } }],
  ];

  it.each(shapes)('%s', async (_label, overrides) => {
    const { sdk, lean, sent } = await both(request(overrides), okAnswer);
    expectSameRequests(sent);
    expect(sent[1]?.url).toBe('/v1/chat/completions');
    expect(summary(lean)).toEqual(summary(sdk));
  });

  // The catalog's models, ids the SDK does not know, and ids it treats apart (reasoning models in their own
  // style; search-preview models left to the SDK).
  const modelIds = [...catalogOpenAiModels, 'sim-chat-model', 'gpt-4o', 'gpt-3.5-turbo', 'chatgpt-4o-latest', 'gpt-4o-search-preview', 'gpt-5-chat-latest', 'o3'];

  it.each(modelIds)('model %s, with every sampling setting and a repair', async (providerModelId) => {
    const shape = request({ providerModelId, sampling: { temperature: 0.3, topP: 0.9, presencePenalty: 0.5, frequencyPenalty: 0.5, seed: 7, maxOutputTokens: 300 }, repair: { previousText: 'x', problem: 'not JSON' } });
    const { sdk, lean, sent } = await both(shape, okAnswer);
    expectSameRequests(sent);
    expect(summary(lean)).toEqual(summary(sdk));
  });

  it("learns each model's style from the SDK: reasoning models too, search-preview models left to it", async () => {
    const { createOpenAI } = await import('@ai-sdk/openai');
    const provider = createOpenAI({ apiKey: 'k', baseURL: baseUrl });
    const [plain, reasoning] = chatStyles;
    for (const modelId of catalogOpenAiModels) expect(await learnChatStyle(provider.chat(modelId)), modelId).toEqual(/^gpt-4/.test(modelId) ? plain : reasoning);
    expect(await learnChatStyle(provider.chat('o3'))).toEqual(reasoning);
    expect(await learnChatStyle(provider.chat('gpt-4o-search-preview'))).toBeUndefined();
    // A model that does not build its requests apart is left to the SDK whole.
    expect(await learnChatStyle({ ...refusingModel('gpt-4.1'), getArgs: undefined } as LanguageModelV4)).toBeUndefined();

    const options: LanguageModelV4CallOptions = { prompt: [{ role: 'system', content: 'x' }], responseFormat: { type: 'json', schema: { type: 'object' }, name: 'response' }, providerOptions: { openai: { strictJsonSchema: false } } };
    expect(chatCompletionBody('gpt-4.1', options, plain as ChatStyle)).toBeDefined();
    expect(chatCompletionBody('gpt-4.1', { ...options, providerOptions: { openai: { strictJsonSchema: false, user: 'u' } } }, plain as ChatStyle)).toBeUndefined();
    expect(chatCompletionBody('gpt-4.1', { ...options, topK: 3 }, plain as ChatStyle)).toBeUndefined();
  });

  it.each(['gpt-4.1', 'gpt-5-mini'])("answers a covered request for %s without the SDK's doGenerate", async (modelId) => {
    const { createOpenAI } = await import('@ai-sdk/openai');
    const sdkModel = createOpenAI({ apiKey: 'k', baseURL: baseUrl }).chat(modelId);
    const model = new LeanChatModel({ ...refusingModel(modelId), getArgs: (options: LanguageModelV4CallOptions) => (sdkModel as unknown as { getArgs: (o: LanguageModelV4CallOptions) => Promise<unknown> }).getArgs(options) } as LanguageModelV4, { baseUrl, apiKey: 'k', fetch, sdkVersion: '0' });
    answer = okAnswer;
    received = [];
    const result = await model.doGenerate({ prompt: [{ role: 'system', content: 'be brief' }, { role: 'user', content: [{ type: 'text', text: 'hi' }] }], responseFormat: { type: 'json' }, temperature: 0.2 });
    expect(result.content).toEqual([{ type: 'text', text: '{"title":"Fine","score":4,"findings":[{"name":"a"}]}' }]);
    expect(result.usage.inputTokens.total).toBe(31);
    const sent = JSON.parse(received[0]?.body ?? '{}') as { messages: { role: string }[]; temperature?: number };
    expect(sent.messages[0]?.role).toBe(modelId === 'gpt-4.1' ? 'system' : 'developer');
    expect(sent.temperature).toBe(modelId === 'gpt-4.1' ? 0.2 : undefined);
  });
});

/** A model whose own calls fail: a lean answer cannot have come from it. */
function refusingModel(modelId: string): LanguageModelV4 {
  return { specificationVersion: 'v4', provider: 'openai.chat', modelId, supportedUrls: {}, doGenerate: () => Promise.reject(new Error('the SDK was called')), doStream: () => Promise.reject(new Error('the SDK was called')) };
}

describe('the lean OpenAI chat path reads answers as the SDK does', () => {
  const answers: [string, Canned][] = [
    ['a fenced answer', { status: 200, body: completion({ content: '```json\n{"title":"Fine","score":4,"findings":[]}\n```' }) }],
    ['detailed usage', { status: 200, body: completion({ content: '{"title":"A"}' }, { prompt_tokens: 100, completion_tokens: 50, prompt_tokens_details: { cached_tokens: 60 }, completion_tokens_details: { reasoning_tokens: 20, accepted_prediction_tokens: 1 } }) }],
    ['no usage', { status: 200, body: completion({ content: '{"title":"A"}' }, undefined) }],
    ['a refusal', { status: 200, body: completion({ content: null, refusal: 'I cannot help with that.' }) }],
    ['content and a refusal', { status: 200, body: completion({ content: '{"title":', refusal: '"B"}' }) }],
    ['an audio transcript', { status: 200, body: completion({ content: '', audio: { transcript: '{"title":"T"}' } }) }],
    ['unknown extra fields', { status: 200, body: completion({ content: '{"title":"A"}', extra: { deep: [1] } }) }],
    ['no choices', { status: 200, body: JSON.stringify({ id: 'x', choices: [], usage: { prompt_tokens: 1 } }) }],
    ['choices of the wrong shape', { status: 200, body: JSON.stringify({ choices: [{ message: { content: 5 }, index: 0 }] }) }],
    ['a body that is not JSON', { status: 200, body: '<html>gateway</html>', contentType: 'text/html' }],
    ['a forbidden prototype key', { status: 200, body: '{"__proto__":{"x":1},"choices":[]}' }],
    ['an empty body', { status: 200, body: '' }],
  ];

  it.each(answers)('%s', async (_label, canned) => {
    const { sdk, lean, sent } = await both(request(), canned);
    expectSameRequests(sent);
    expect(summary(lean)).toEqual(summary(sdk));
  });
});

describe('the lean OpenAI chat path fails as the SDK does', () => {
  const openAiError = (message: string, type: string, code: string | null) => JSON.stringify({ error: { message, type, param: null, code } });
  const failures: [string, Canned, string][] = [
    [
      '400, context length',
      { status: 400, body: openAiError("This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens.", 'invalid_request_error', 'context_length_exceeded') },
      'context_length',
    ],
    ['400, other', { status: 400, body: openAiError("Invalid schema for response_format 'response'.", 'invalid_request_error', null) }, 'bad_request'],
    ['401', { status: 401, body: openAiError('Incorrect API key provided: sk-test.', 'invalid_request_error', 'invalid_api_key') }, 'authentication'],
    ['404', { status: 404, body: openAiError('The model `gpt-9` does not exist or you do not have access to it.', 'invalid_request_error', 'model_not_found') }, 'authentication'],
    ['429', { status: 429, body: openAiError('Rate limit reached for gpt-4.1-mini.', 'requests', 'rate_limit_exceeded') }, 'rate_limited'],
    ['500', { status: 500, body: openAiError('The server had an error while processing your request.', 'server_error', null) }, 'server_error'],
    ['503 with an HTML page', { status: 503, body: '<html>Service Unavailable</html>', contentType: 'text/html' }, 'server_error'],
    ['502 with an empty body', { status: 502, body: '' }, 'server_error'],
    ['422 with JSON of another shape', { status: 422, body: JSON.stringify({ detail: 'prompt is too long' }) }, 'context_length'],
    ['a non-JSON 200', { status: 200, body: 'not json', contentType: 'text/plain' }, 'network'],
    ['a 200 without choices', { status: 200, body: JSON.stringify({ id: 'x', object: 'chat.completion' }) }, 'network'],
    ['a 200 whose choice has no index', { status: 200, body: JSON.stringify({ choices: [{ message: { content: '{}' }, finish_reason: 'stop' }] }) }, 'network'],
    ['a 200 whose usage is not numbers', { status: 200, body: completion({ content: '{}' }, { prompt_tokens: '31' }) }, 'network'],
    ['a 200 with an empty choices list', { status: 200, body: JSON.stringify({ id: 'x', choices: [] }) }, 'unknown'],
  ];

  it.each(failures)('%s', async (_label, canned, kind) => {
    const { sdk, lean, sent } = await both(request(), canned);
    expectSameRequests(sent);
    expect(sdk.error?.kind).toBe(kind);
    expect(lean.error).toBeDefined();
    expect(summary(lean)).toEqual(summary(sdk));
  });

  it('a timeout', async () => {
    const { sdk, lean } = await both(request({ timeoutMs: 30 }), { ...okAnswer, delayMs: 300 });
    expect(sdk.error?.kind).toBe('timeout');
    expect(lean.error?.kind).toBe('timeout');
    expect((lean.error?.cause as Error).name).toBe((sdk.error?.cause as Error).name);
  });

  it("the caller's abort", async () => {
    const controller = new AbortController();
    controller.abort();
    const { sdk, lean } = await both(request({ signal: controller.signal }), okAnswer);
    expect(lean.error?.kind).toBe(sdk.error?.kind);
    expect((lean.error?.cause as Error).name).toBe((sdk.error?.cause as Error).name);
  });

  it('a server that cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/v1`;
    await new Promise((resolve) => closed.close(resolve));
    const { sdk, lean } = await both(request(), okAnswer, url);
    expect(sdk.error?.kind).toBe('network');
    expect(lean.error?.kind).toBe('network');
    expect(causeFields(lean.error?.cause)).toEqual(causeFields(sdk.error?.cause));
  });
});

/** A result as it is; a failure as its kind, status, message and what caused it. */
function summary(outcome: Outcome): unknown {
  if (outcome.result) return outcome.result;
  const { kind, status, message, retryable, outputText, cause } = outcome.error;
  return { kind, status, message, retryable, outputText, cause: causeFields(cause) };
}

/** What an APICallError (or another cause) says, without its stack. */
function causeFields(cause: unknown): Record<string, unknown> {
  if (!APICallError.isInstance(cause)) return { name: (cause as Error).name, message: (cause as Error).message, data: (cause as { data?: unknown }).data };
  return {
    name: cause.name,
    message: cause.message,
    statusCode: cause.statusCode,
    responseBody: cause.responseBody,
    isRetryable: cause.isRetryable,
    url: cause.url,
    requestBodyValues: cause.requestBodyValues,
    innerCause: (cause.cause as Error | undefined)?.name,
  };
}
