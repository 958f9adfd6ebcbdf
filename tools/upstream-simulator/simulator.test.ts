import { jsonSchema, Output, streamText } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { providerAdapters } from '../../src/adapters/providers/index.ts';
import { simulatedVector } from './embeddings.ts';
import { startUpstreamSimulator, type UpstreamSimulator } from './simulator-server.ts';

// Typed loosely, as the catalog's schemas are: plain JSON read from YAML.
const schema: Record<string, unknown> = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    rank: { type: 'integer', minimum: 1, maximum: 3 },
    tags: { type: 'array', items: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'], additionalProperties: false } },
  },
  required: ['title', 'rank', 'tags'],
  additionalProperties: false,
};
const validator = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);

const models: Record<string, string> = {
  openai: 'gpt-4.1-mini',
  anthropic: 'claude-haiku-4-5',
  google: 'gemini-2.5-flash',
  groq: 'llama-3.3-70b-versatile',
  mistral: 'mistral-small-latest',
  nvidia: 'meta/llama-3.3-70b-instruct',
  ollama: 'llama3.2',
};

let simulator: UpstreamSimulator;

beforeAll(async () => {
  simulator = await startUpstreamSimulator({ requestLogLimit: 50 });
});

afterAll(async () => {
  await simulator.close();
});

beforeEach(() => {
  simulator.reset();
});

async function post(path: string, body: unknown, headers: Record<string, string> = { authorization: 'Bearer test-key' }): Promise<Response> {
  return fetch(`${simulator.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** The `data:` payloads of an SSE body, with their `event:` names. */
function sseEvents(text: string): { event: string | undefined; data: string }[] {
  return text
    .split(/\r?\n\r?\n/)
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split(/\r?\n/);
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
      const data = lines.find((line) => line.startsWith('data: '))?.slice(6) ?? '';
      return { event, data };
    });
}

const openaiBody = {
  model: 'gpt-4.1-mini',
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Rank CRM tools for schools' },
  ],
  response_format: { type: 'json_schema', json_schema: { name: 'response', strict: true, schema } },
};

describe('OpenAI Chat Completions', () => {
  it('answers with a chat.completion whose content satisfies the schema, and consistent usage', async () => {
    const response = await post('/openai/v1/chat/completions', openaiBody);
    const body = (await response.json()) as { object: string; choices: { message: { content: string }; finish_reason: string }[]; usage: Record<string, number> };

    expect(response.status).toBe(200);
    expect(body.object).toBe('chat.completion');
    expect(body.choices[0]?.finish_reason).toBe('stop');
    expect(validator.safeParse(JSON.parse(body.choices[0]?.message.content ?? '')).success).toBe(true);
    expect(body.usage.total_tokens).toBe((body.usage.prompt_tokens ?? 0) + (body.usage.completion_tokens ?? 0));
  });

  it('streams chat.completion.chunk events ending in [DONE], with usage only when asked for', async () => {
    for (const includeUsage of [true, false]) {
      const response = await post('/openai/v1/chat/completions', { ...openaiBody, stream: true, ...(includeUsage ? { stream_options: { include_usage: true } } : {}) });
      const events = sseEvents(await response.text());
      const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data) as { object: string; choices: { delta: { content?: string } }[]; usage?: unknown });

      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(events.at(-1)?.data).toBe('[DONE]');
      expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true);
      expect(validator.safeParse(JSON.parse(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join(''))).success).toBe(true);
      expect(chunks.some((chunk) => chunk.usage !== undefined)).toBe(includeUsage);
    }
  });

  it('rejects a strict schema that leaves objects open, as OpenAI does', async () => {
    const openSchema = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] };
    const response = await post('/openai/v1/chat/completions', { ...openaiBody, response_format: { type: 'json_schema', json_schema: { name: 'response', strict: true, schema: openSchema } } });
    const body = (await response.json()) as { error: { message: string; type: string; param: string } };

    expect(response.status).toBe(400);
    expect(body.error).toMatchObject({ type: 'invalid_request_error', param: 'response_format' });
    expect(body.error.message).toContain("'additionalProperties' is required to be supplied and to be false");
  });

  it('refuses a call without a key, in OpenAI’s error shape', async () => {
    const response = await post('/openai/v1/chat/completions', openaiBody, {});

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'invalid_api_key' } });
  });
});

describe('Anthropic Messages', () => {
  const headers = { 'x-api-key': 'test-key', 'anthropic-version': '2023-06-01' };
  const base = { model: 'claude-3-haiku-20240307', max_tokens: 1024, system: 'Be brief.', messages: [{ role: 'user', content: 'Rank CRM tools for schools' }] };
  const toolRequest = { ...base, tools: [{ name: 'json', description: 'Respond with a JSON object.', input_schema: schema }], tool_choice: { type: 'any' } };

  it('answers a forced tool with a tool_use block whose input satisfies the schema', async () => {
    const response = await post('/anthropic/v1/messages', toolRequest, headers);
    const body = (await response.json()) as { type: string; content: { type: string; name: string; input: unknown }[]; stop_reason: string; usage: { input_tokens: number; output_tokens: number } };

    expect(body).toMatchObject({ type: 'message', stop_reason: 'tool_use', content: [{ type: 'tool_use', name: 'json' }] });
    expect(validator.safeParse(body.content[0]?.input).success).toBe(true);
    expect(body.usage.input_tokens).toBeGreaterThan(0);
  });

  it('answers output_config structured outputs with a JSON text block', async () => {
    const response = await post('/anthropic/v1/messages', { ...base, output_config: { format: { type: 'json_schema', schema } } }, headers);
    const body = (await response.json()) as { content: { type: string; text: string }[]; stop_reason: string };

    expect(body.stop_reason).toBe('end_turn');
    expect(validator.safeParse(JSON.parse(body.content[0]?.text ?? '')).success).toBe(true);
  });

  it('streams the named events in protocol order, with input_json_delta for a tool', async () => {
    const response = await post('/anthropic/v1/messages', { ...toolRequest, stream: true }, headers);
    const events = sseEvents(await response.text());
    const names = events.map((event) => event.event);
    const deltas = events.filter((event) => event.event === 'content_block_delta').map((event) => JSON.parse(event.data) as { delta: { type: string; partial_json: string } });

    expect(names.slice(0, 3)).toEqual(['message_start', 'content_block_start', 'ping']);
    expect(names.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop']);
    expect(deltas.every((delta) => delta.delta.type === 'input_json_delta')).toBe(true);
    expect(validator.safeParse(JSON.parse(deltas.map((delta) => delta.delta.partial_json).join(''))).success).toBe(true);
  });

  it('requires the anthropic-version header, as Anthropic does', async () => {
    const response = await post('/anthropic/v1/messages', base, { 'x-api-key': 'test-key' });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message: 'anthropic-version: header is required' } });
  });
});

describe('Gemini', () => {
  const headers = { 'x-goog-api-key': 'test-key' };
  const body = {
    contents: [{ role: 'user', parts: [{ text: 'Rank CRM tools for schools' }] }],
    systemInstruction: { parts: [{ text: 'Be brief.' }] },
    generationConfig: { responseMimeType: 'application/json', responseJsonSchema: schema },
  };

  it('answers generateContent with a candidate and usageMetadata', async () => {
    const response = await post('/google/v1beta/models/gemini-2.5-flash:generateContent', body, headers);
    const answer = (await response.json()) as { candidates: { content: { parts: { text: string }[] }; finishReason: string }[]; usageMetadata: Record<string, number>; modelVersion: string };

    expect(answer.candidates[0]?.finishReason).toBe('STOP');
    expect(answer.modelVersion).toBe('gemini-2.5-flash');
    expect(validator.safeParse(JSON.parse(answer.candidates[0]?.content.parts[0]?.text ?? '')).success).toBe(true);
    expect(answer.usageMetadata.totalTokenCount).toBe((answer.usageMetadata.promptTokenCount ?? 0) + (answer.usageMetadata.candidatesTokenCount ?? 0));
  });

  it('honours an OpenAPI responseSchema written with capitalised types', async () => {
    const openApi = { type: 'OBJECT', properties: { score: { type: 'INTEGER', minimum: 1, maximum: 3 } }, required: ['score'] };
    const response = await post('/google/v1beta/models/gemini-2.5-flash:generateContent', { ...body, generationConfig: { responseMimeType: 'application/json', responseSchema: openApi } }, headers);
    const answer = (await response.json()) as { candidates: { content: { parts: { text: string }[] } }[] };
    const value = JSON.parse(answer.candidates[0]?.content.parts[0]?.text ?? '') as { score: number };

    expect(Number.isInteger(value.score) && value.score >= 1 && value.score <= 3).toBe(true);
  });

  it('streams SSE with alt=sse and one JSON array without it', async () => {
    const sse = await post('/google/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse', body, headers);
    const array = await post('/google/v1beta/models/gemini-2.5-flash:streamGenerateContent', body, headers);
    type Chunk = { candidates: { content: { parts: { text: string }[] }; finishReason?: string }[] };
    const textOf = (chunks: Chunk[]): string => chunks.map((chunk) => chunk.candidates[0]?.content.parts[0]?.text ?? '').join('');

    const sseChunks = sseEvents(await sse.text()).map((event) => JSON.parse(event.data) as Chunk);
    const arrayChunks = (await array.json()) as Chunk[];

    expect(sseChunks.at(-1)?.candidates[0]?.finishReason).toBe('STOP');
    expect(validator.safeParse(JSON.parse(textOf(sseChunks))).success).toBe(true);
    expect(textOf(arrayChunks)).toBe(textOf(sseChunks));
  });

  it('asks for a key with PERMISSION_DENIED when none is sent', async () => {
    const response = await post('/google/v1beta/models/gemini-2.5-flash:generateContent', body, {});

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 403, status: 'PERMISSION_DENIED' } });
  });
});

describe('routing', () => {
  it("answers an unknown path under a provider's prefix with that provider's 404", async () => {
    const response = await post('/groq/v1/chat/completions', openaiBody);

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { message: 'Invalid URL (POST /groq/v1/chat/completions)' } });
  });

  it('gives each provider a base URL on its own prefix', () => {
    expect(simulator.baseUrls).toEqual({
      openai: `${simulator.url}/openai/v1`,
      anthropic: `${simulator.url}/anthropic/v1`,
      google: `${simulator.url}/google/v1beta`,
      groq: `${simulator.url}/groq/openai/v1`,
      mistral: `${simulator.url}/mistral/v1`,
      nvidia: `${simulator.url}/nvidia/v1`,
      ollama: `${simulator.url}/ollama`,
    });
  });
});

describe('streaming through the real adapters', () => {
  it.each(providerAdapters.filter((adapter) => adapter.name !== 'sandbox'))('$name parses the simulated stream', async (adapter) => {
    const model = (await adapter.createModelFactory({ apiKey: 'test-key', baseUrl: simulator.baseUrls[adapter.name as keyof typeof simulator.baseUrls] }))(models[adapter.name] ?? '');
    const result = streamText({
      model,
      prompt: 'Rank CRM tools for schools',
      output: Output.object({ schema: jsonSchema(schema) }),
      maxRetries: 0,
      ...(adapter.structuredOutputOptions ? { providerOptions: adapter.structuredOutputOptions } : {}),
    });

    expect(validator.safeParse(await result.output).success).toBe(true);
    // The OpenAI-compatible adapters do not ask for stream usage (stream_options.include_usage), so none comes.
    if (!['nvidia', 'ollama'].includes(adapter.name)) expect((await result.usage).outputTokens).toBeGreaterThan(0);
    expect(simulator.requests({ provider: adapter.name as 'openai' })[0]).toMatchObject({ stream: true, outcome: 'answered' });
  });
});

describe('faults', () => {
  it('cuts a stream after the given number of answer chunks', async () => {
    simulator.setFaults({ models: { 'gpt-4.1-mini': { queue: [{ type: 'cut_stream', afterChunks: 2 }] } } });
    const response = await post('/openai/v1/chat/completions', { ...openaiBody, stream: true });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const failure = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return undefined;
        text += new TextDecoder().decode(value);
      }
    })().catch((error: unknown) => error);

    const contentChunks = sseEvents(text).filter((event) => event.data !== '[DONE]' && (JSON.parse(event.data) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content);
    expect(failure).toBeInstanceOf(Error);
    expect(contentChunks).toHaveLength(2);
    expect(text).not.toContain('[DONE]');
  });

  it('applies queued faults in order, then answers normally', async () => {
    await fetch(`${simulator.url}/__control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ providers: { openai: { queue: [{ type: 'http', status: 429 }, { type: 'http', status: 503 }] } } }),
    });

    const statuses = [];
    for (let call = 0; call < 3; call += 1) statuses.push((await post('/openai/v1/chat/completions', openaiBody)).status);

    expect(statuses).toEqual([429, 503, 200]);
    expect(simulator.requests().map((entry) => entry.outcome)).toEqual(['http 429', 'http 503', 'answered']);
  });

  it('fails a share of requests by failureRate', async () => {
    const always = await startUpstreamSimulator({ random: () => 0, faults: { default: { failureRate: 0.5, failWith: { type: 'http', status: 500 } } } });
    const never = await startUpstreamSimulator({ random: () => 0.99, faults: { default: { failureRate: 0.5 } } });
    try {
      const first = await fetch(`${always.url}/openai/v1/chat/completions`, { method: 'POST', headers: { authorization: 'Bearer k' }, body: JSON.stringify(openaiBody) });
      const second = await fetch(`${never.url}/openai/v1/chat/completions`, { method: 'POST', headers: { authorization: 'Bearer k' }, body: JSON.stringify(openaiBody) });

      expect([first.status, second.status]).toEqual([500, 200]);
    } finally {
      await Promise.all([always.close(), never.close()]);
    }
  });

  it('adds latency before answering', async () => {
    simulator.setFaults({ default: { latencyMs: { min: 120, max: 160 } } });
    const started = performance.now();

    await (await post('/openai/v1/chat/completions', openaiBody)).json();

    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
  });

  it('answers malformed JSON as invalid JSON content', async () => {
    simulator.setFaults({ default: { queue: [{ type: 'malformed_json' }] } });
    const body = (await (await post('/openai/v1/chat/completions', openaiBody)).json()) as { choices: { message: { content: string } }[] };

    expect(() => JSON.parse(body.choices[0]?.message.content ?? '') as unknown).toThrow();
  });

  it('rejects a malformed fault configuration with the reason', async () => {
    const response = await fetch(`${simulator.url}/__control/faults`, { method: 'POST', body: JSON.stringify({ default: { queue: [{ type: 'http', status: 200 }] } }) });

    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain('status');
  });
});

describe('request log', () => {
  it('keeps a parsed copy of each body, filterable, and clears on reset', async () => {
    await post('/openai/v1/chat/completions', openaiBody);
    await post('/mistral/v1/chat/completions', { ...openaiBody, model: 'mistral-small-latest' });

    const logged = (await (await fetch(`${simulator.url}/__control/requests?provider=mistral`)).json()) as { model: string; body: unknown; headers: Record<string, string> }[];
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ model: 'mistral-small-latest', body: { response_format: openaiBody.response_format }, headers: { authorization: '<redacted>' } });

    await fetch(`${simulator.url}/__control/reset`, { method: 'POST' });
    expect(simulator.requests()).toEqual([]);
  });

  it('keeps only the most recent requests', async () => {
    const small = await startUpstreamSimulator({ requestLogLimit: 2 });
    try {
      for (let call = 0; call < 4; call += 1) await fetch(`${small.url}/ollama/v1/chat/completions`, { method: 'POST', body: JSON.stringify({ ...openaiBody, model: 'llama3.2' }) });

      expect(small.requests().map((entry) => entry.id)).toEqual([3, 4]);
    } finally {
      await small.close();
    }
  });
});

describe('embedding endpoints', () => {
  it('answer OpenAI’s and Gemini’s shapes with deterministic vectors, after the credentials check', async () => {
    const post = (path: string, body: unknown, headers: Record<string, string>) =>
      fetch(`${simulator.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const openai = await post('/openai/v1/embeddings', { model: 'text-embedding-3-small', input: ['a', 'b'], dimensions: 4 }, { authorization: 'Bearer sk-test' });
    const list = (await openai.json()) as { data: { index: number; embedding: number[] }[]; usage: { prompt_tokens: number } };
    expect(list.data.map((item) => item.index)).toEqual([0, 1]);
    expect(list.data[1]?.embedding).toEqual(simulatedVector('b', 4));
    expect(Math.hypot(...(list.data[0]?.embedding ?? []))).toBeCloseTo(1, 10);
    expect(list.usage.prompt_tokens).toBe(2);
    expect((await post('/openai/v1/embeddings', { model: 'text-embedding-3-small', input: 'a' }, {})).status).toBe(401);
    const gemini = await post('/google/v1beta/models/gemini-embedding-001:embedContent', { content: { parts: [{ text: 'a' }] } }, { 'x-goog-api-key': 'k' });
    expect(((await gemini.json()) as { embedding: { values: number[] } }).embedding.values).toEqual(simulatedVector('a', 3072));
    expect(simulator.requests().map((request) => request.model)).toEqual(['text-embedding-3-small', 'text-embedding-3-small', 'gemini-embedding-001']);
  });
});
