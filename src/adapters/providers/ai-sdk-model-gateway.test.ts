import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startUpstreamSimulator, type UpstreamSimulator } from '../../../tools/upstream-simulator/simulator-server.ts';
import type { Fault } from '../../../tools/upstream-simulator/fault-injection.ts';
import type { SimulatedProvider } from '../../../tools/upstream-simulator/provider-routes.ts';
import type { ProviderSettingsByName } from '../../config/app-config.ts';
import { UpstreamError, type GenerationRequest, type UpstreamFailureKind } from '../../ports/model-gateway.ts';
import { AiSdkModelGateway } from './ai-sdk-model-gateway.ts';

/**
 * The real adapters and the real AI SDK, over HTTP, against the upstream simulator: what each provider
 * package sends, and how each provider's real failure responses are classified.
 */

// Shaped like the catalog's schemas: limits, an array of objects, an optional field, no additionalProperties.
const outputSchema = {
  type: 'object',
  properties: {
    title: { type: 'string', maxLength: 120 },
    score: { type: 'integer', minimum: 1, maximum: 5 },
    findings: {
      type: 'array',
      minItems: 1,
      maxItems: 4,
      items: { type: 'object', properties: { name: { type: 'string' }, detail: { type: 'string' } }, required: ['name'] },
    },
    note: { type: 'string' },
  },
  required: ['title', 'score', 'findings'],
};
const outputValidator = z.fromJSONSchema(outputSchema as Parameters<typeof z.fromJSONSchema>[0]);

type Body = Record<string, unknown>;

interface ProviderCase {
  label: string;
  provider: SimulatedProvider;
  model: string;
  path: string;
  /** The header the key travels in. */
  keyHeader: string | undefined;
  /** Checks the schema arrived in the provider's own structured-output form. */
  expectSchemaForm(body: Body): void;
}

function expectChatCompletionsSchema(strict: boolean | undefined) {
  return (body: Body): void => {
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'response', schema: outputSchema } });
    if (strict !== undefined) expect(body.response_format).toMatchObject({ json_schema: { strict } });
  };
}

const providerCases: ProviderCase[] = [
  {
    label: 'openai',
    provider: 'openai',
    model: 'gpt-4.1-mini',
    path: '/openai/v1/chat/completions',
    keyHeader: 'authorization',
    // The adapter turns strict mode off so optional fields may stay optional.
    expectSchemaForm: expectChatCompletionsSchema(false),
  },
  {
    label: 'anthropic (native structured outputs)',
    provider: 'anthropic',
    model: 'claude-haiku-4-5',
    path: '/anthropic/v1/messages',
    keyHeader: 'x-api-key',
    expectSchemaForm(body) {
      expect(body.tools).toBeUndefined();
      const format = (body.output_config as Body).format as Body;
      expect(format.type).toBe('json_schema');
      const schema = format.schema as { additionalProperties: unknown; required: unknown; properties: Record<string, Body> };
      // The SDK closes objects and moves numeric limits into descriptions, which Anthropic's decoder accepts.
      expect(schema.additionalProperties).toBe(false);
      expect(schema.required).toEqual(outputSchema.required);
      expect(schema.properties.score).toEqual({ type: 'integer', description: 'minimum: 1; maximum: 5.' });
    },
  },
  {
    label: 'anthropic (JSON tool, older model)',
    provider: 'anthropic',
    model: 'claude-3-haiku-20240307',
    path: '/anthropic/v1/messages',
    keyHeader: 'x-api-key',
    expectSchemaForm(body) {
      expect(body.output_config).toBeUndefined();
      expect(body.tools).toEqual([{ name: 'json', description: 'Respond with a JSON object.', input_schema: outputSchema }]);
      expect(body.tool_choice).toMatchObject({ type: 'any' });
    },
  },
  {
    label: 'google',
    provider: 'google',
    model: 'gemini-2.5-flash',
    path: '/google/v1beta/models/gemini-2.5-flash:generateContent',
    keyHeader: 'x-goog-api-key',
    expectSchemaForm(body) {
      const config = body.generationConfig as Body;
      expect(config.responseMimeType).toBe('application/json');
      expect(config.responseJsonSchema).toEqual(outputSchema);
    },
  },
  {
    label: 'groq',
    provider: 'groq',
    model: 'llama-3.3-70b-versatile',
    path: '/groq/openai/v1/chat/completions',
    keyHeader: 'authorization',
    // Groq's strict mode would reject this schema (optional field, open objects): the adapter turns it off.
    expectSchemaForm: expectChatCompletionsSchema(false),
  },
  {
    label: 'mistral',
    provider: 'mistral',
    model: 'mistral-small-latest',
    path: '/mistral/v1/chat/completions',
    keyHeader: 'authorization',
    expectSchemaForm: expectChatCompletionsSchema(undefined),
  },
  {
    label: 'nvidia',
    provider: 'nvidia',
    model: 'meta/llama-3.3-70b-instruct',
    path: '/nvidia/v1/chat/completions',
    keyHeader: 'authorization',
    expectSchemaForm: expectChatCompletionsSchema(undefined),
  },
  {
    label: 'ollama',
    provider: 'ollama',
    model: 'llama3.2',
    path: '/ollama/v1/chat/completions',
    keyHeader: undefined,
    expectSchemaForm: expectChatCompletionsSchema(undefined),
  },
];

let simulator: UpstreamSimulator;
let gateway: AiSdkModelGateway;

function settingsFor(baseUrls: Record<SimulatedProvider, string>): ProviderSettingsByName {
  return {
    openai: { apiKey: 'sk-simulated', baseUrl: baseUrls.openai },
    anthropic: { apiKey: 'sk-ant-simulated', baseUrl: baseUrls.anthropic },
    google: { apiKey: 'simulated-google-key', baseUrl: baseUrls.google },
    groq: { apiKey: 'gsk_simulated', baseUrl: baseUrls.groq },
    mistral: { apiKey: 'simulated-mistral-key', baseUrl: baseUrls.mistral },
    nvidia: { apiKey: 'nvapi-simulated', baseUrl: baseUrls.nvidia },
    ollama: { baseUrl: baseUrls.ollama },
  };
}

function request(provider: string, model: string, timeoutMs = 5_000): GenerationRequest {
  return {
    provider,
    providerModelId: model,
    instructions: 'You review CRM tools for small teams. Answer in the requested format.',
    prompt: 'Compare CRM tools for a five-person startup selling to schools.',
    outputSchema,
    timeoutMs,
  };
}

async function failureOf(provider: string, model: string, fault: Fault, timeoutMs?: number): Promise<UpstreamError> {
  simulator.setFaults({ models: { [model]: { queue: [fault] } } });
  const outcome = await gateway.generate(request(provider, model, timeoutMs)).then(
    () => new Error('the call succeeded'),
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(UpstreamError);
  return outcome as UpstreamError;
}

beforeAll(async () => {
  simulator = await startUpstreamSimulator();
  gateway = await AiSdkModelGateway.create(settingsFor(simulator.baseUrls));
});

afterAll(async () => {
  await simulator.close();
});

beforeEach(() => {
  simulator.reset();
});

describe('AiSdkModelGateway against the upstream simulator', () => {
  it('configures every provider whose settings point at the simulator', () => {
    expect([...gateway.configuredProviders()].sort()).toEqual(['anthropic', 'google', 'groq', 'mistral', 'nvidia', 'ollama', 'openai', 'sandbox']);
  });

  describe.each(providerCases)('$label', (providerCase) => {
    it('returns structured output that satisfies the schema, with usage', async () => {
      const result = await gateway.generate(request(providerCase.provider, providerCase.model));

      expect(outputValidator.safeParse(result.output).success).toBe(true);
      expect(result.usage.inputTokens).toBeGreaterThan(0);
      expect(result.usage.outputTokens).toBeGreaterThan(0);
    });

    it("sends the schema in the provider's own structured-output form, on the provider's path", async () => {
      await gateway.generate(request(providerCase.provider, providerCase.model));

      const [received] = simulator.requests({ provider: providerCase.provider });
      expect(received).toMatchObject({ method: 'POST', path: providerCase.path, model: providerCase.model, stream: false, outcome: 'answered', status: 200 });
      if (providerCase.keyHeader) expect(received?.headers[providerCase.keyHeader]).toBeDefined();
      providerCase.expectSchemaForm(received?.body as Body);
    });
  });
});

const classifications: { name: string; fault: Fault; kind: UpstreamFailureKind; retryable: boolean; timeoutMs?: number }[] = [
  { name: '503', fault: { type: 'http', status: 503 }, kind: 'server_error', retryable: true },
  { name: '429', fault: { type: 'http', status: 429 }, kind: 'rate_limited', retryable: true },
  { name: '400 context length', fault: { type: 'http', status: 400, variant: 'context_length' }, kind: 'context_length', retryable: true },
  { name: 'plain 400', fault: { type: 'http', status: 400 }, kind: 'bad_request', retryable: false },
  { name: '401', fault: { type: 'http', status: 401 }, kind: 'authentication', retryable: true },
  { name: 'a hang beyond timeoutMs', fault: { type: 'hang' }, kind: 'timeout', retryable: true, timeoutMs: 300 },
  // Groq never returns the bad JSON: it answers 400 json_validate_failed, which must still read as bad output.
  { name: 'malformed JSON', fault: { type: 'malformed_json' }, kind: 'invalid_output', retryable: true },
  { name: 'a connection dropped mid-response', fault: { type: 'cut_stream', afterChunks: 1 }, kind: 'network', retryable: true },
  { name: 'a connection closed without a response', fault: { type: 'reset' }, kind: 'network', retryable: true },
];

describe('failure classification over real HTTP', () => {
  describe.each(providerCases.filter((providerCase) => providerCase.label !== 'anthropic (JSON tool, older model)'))('$label', (providerCase) => {
    it.each(classifications)('$name → $kind', async ({ fault, kind, retryable, timeoutMs }) => {
      const error = await failureOf(providerCase.provider, providerCase.model, fault, timeoutMs);

      expect({ kind: error.kind, retryable: error.retryable }).toEqual({ kind, retryable });
      expect(simulator.requests({ provider: providerCase.provider })).toHaveLength(1);
    });
  });

  it("reads Gemini's 400 for a wrong API key as an authentication failure", async () => {
    const error = await failureOf('google', 'gemini-2.5-flash', { type: 'http', status: 400, variant: 'invalid_api_key' });

    expect({ kind: error.kind, status: error.status, retryable: error.retryable }).toEqual({ kind: 'authentication', status: 400, retryable: true });
  });

  it('reads a malformed JSON tool answer from an older Anthropic model as invalid output', async () => {
    const error = await failureOf('anthropic', 'claude-3-haiku-20240307', { type: 'malformed_json' });

    expect({ kind: error.kind, retryable: error.retryable }).toEqual({ kind: 'invalid_output', retryable: true });
  });

  it('reads a refused connection as a network failure', async () => {
    const closedPort = await unusedPort();
    const unreachable = await AiSdkModelGateway.create({ ...settingsFor(simulator.baseUrls), openai: { apiKey: 'sk-simulated', baseUrl: `http://127.0.0.1:${closedPort}/openai/v1` } });

    const error = await unreachable.generate(request('openai', 'gpt-4.1-mini')).then(
      () => new Error('the call succeeded'),
      (failure: unknown) => failure,
    );

    expect(error).toBeInstanceOf(UpstreamError);
    expect({ kind: (error as UpstreamError).kind, retryable: (error as UpstreamError).retryable }).toEqual({ kind: 'network', retryable: true });
  });
});

/** A port nothing listens on: bound once by the OS, then released. */
async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
