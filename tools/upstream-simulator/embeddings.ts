import { createHash } from 'node:crypto';
import type { SimulatedProvider } from './provider-routes.ts';
import { isJsonObject } from './simulated-call.ts';

/** Each embedding model's default vector length, as the real APIs return them; others get 768. */
const defaultDimensions: Readonly<Record<string, number>> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
  'gemini-embedding-001': 3072,
  'mistral-embed': 1024,
};

/** An embedding endpoint of a provider's API: OpenAI's shape (OpenAI, Mistral and the other OpenAI-style APIs) or Gemini's. */
export type EmbeddingEndpoint = { style: 'openai' } | { style: 'gemini'; model: string; batch: boolean };

/** The embedding endpoint a request is for, when it is for one. */
export function matchEmbeddingEndpoint(provider: SimulatedProvider, method: string, endpointPath: string | undefined): EmbeddingEndpoint | undefined {
  if (method !== 'POST' || endpointPath === undefined) return undefined;
  if (provider === 'google') {
    const match = /^\/models\/([^/:]+):(embedContent|batchEmbedContents)$/.exec(endpointPath);
    return match ? { style: 'gemini', model: match[1] ?? '', batch: match[2] === 'batchEmbedContents' } : undefined;
  }
  return provider !== 'anthropic' && endpointPath === '/embeddings' ? { style: 'openai' } : undefined;
}

/** The model an embedding request names. */
export function embeddingModelOf(endpoint: EmbeddingEndpoint, body: unknown): string {
  if (endpoint.style === 'gemini') return endpoint.model;
  return isJsonObject(body) && typeof body.model === 'string' ? body.model : '';
}

/**
 * A deterministic unit vector for a text: the same text and length always give the same vector, different
 * texts different ones, so tests can check which vector belongs to which input.
 */
export function simulatedVector(text: string, dimensions: number): number[] {
  const values: number[] = [];
  for (let block = 0; values.length < dimensions; block += 1) {
    const digest = createHash('sha256').update(`${block}\u0000${text}`).digest();
    for (let offset = 0; offset + 4 <= digest.length && values.length < dimensions; offset += 4) values.push(digest.readUInt32LE(offset) / 0x7fffffff - 1);
  }
  const length = Math.hypot(...values) || 1;
  return values.map((value) => value / length);
}

function tokensOf(texts: readonly string[]): number {
  return texts.reduce((sum, text) => sum + Math.max(1, Math.ceil(text.length / 4)), 0);
}

function invalid(message: string, param: string): { status: number; body: unknown } {
  return { status: 400, body: { error: { message, type: 'invalid_request_error', param, code: null } } };
}

/** The answer to an embedding request, in the provider's shape, or its 400. */
export function embeddingReply(endpoint: EmbeddingEndpoint, body: unknown): { status: number; body: unknown } {
  return endpoint.style === 'gemini' ? geminiReply(endpoint, body) : openAiReply(body);
}

function openAiReply(body: unknown): { status: number; body: unknown } {
  if (!isJsonObject(body)) return invalid('The request body must be a JSON object.', 'body');
  const model = typeof body.model === 'string' ? body.model : '';
  if (!model) return invalid("you must provide a model parameter", 'model');
  const input = body.input;
  const texts = typeof input === 'string' ? [input] : Array.isArray(input) && input.every((item) => typeof item === 'string') ? (input as string[]) : undefined;
  if (!texts || texts.length === 0) return invalid("Invalid 'input': expected a string or an array of strings.", 'input');
  // OpenAI names it `dimensions`, Mistral `output_dimension`.
  const asked = typeof body.dimensions === 'number' ? body.dimensions : typeof body.output_dimension === 'number' ? body.output_dimension : undefined;
  const dimensions = asked ?? defaultDimensions[model] ?? 768;
  if (body.encoding_format === 'base64') {
    return { status: 200, body: embeddingList(model, texts, dimensions, (vector) => Buffer.from(new Float32Array(vector).buffer).toString('base64')) };
  }
  return { status: 200, body: embeddingList(model, texts, dimensions, (vector) => vector) };
}

function embeddingList(model: string, texts: readonly string[], dimensions: number, encode: (vector: number[]) => unknown): unknown {
  const tokens = tokensOf(texts);
  return {
    object: 'list',
    data: texts.map((text, index) => ({ object: 'embedding', index, embedding: encode(simulatedVector(text, dimensions)) })),
    model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}

interface GeminiEmbedRequest {
  content?: { parts?: { text?: unknown }[] };
  outputDimensionality?: unknown;
}

function geminiText(request: GeminiEmbedRequest): string | undefined {
  const parts = request.content?.parts;
  if (!Array.isArray(parts) || parts.length === 0 || !parts.every((part) => typeof part.text === 'string')) return undefined;
  return parts.map((part) => part.text as string).join('');
}

function geminiVector(model: string, request: GeminiEmbedRequest): { values: number[] } | undefined {
  const text = geminiText(request);
  if (text === undefined) return undefined;
  const dimensions = typeof request.outputDimensionality === 'number' ? request.outputDimensionality : (defaultDimensions[model] ?? 768);
  return { values: simulatedVector(text, dimensions) };
}

function geminiReply(endpoint: Extract<EmbeddingEndpoint, { style: 'gemini' }>, body: unknown): { status: number; body: unknown } {
  const refused = { status: 400, body: { error: { code: 400, message: '* content: must have at least one text part', status: 'INVALID_ARGUMENT' } } };
  if (!isJsonObject(body)) return refused;
  if (!endpoint.batch) {
    const embedding = geminiVector(endpoint.model, body as GeminiEmbedRequest);
    return embedding ? { status: 200, body: { embedding } } : refused;
  }
  const requests = Array.isArray(body.requests) ? (body.requests as GeminiEmbedRequest[]) : [];
  const embeddings = requests.map((request) => geminiVector(endpoint.model, request));
  if (requests.length === 0 || embeddings.some((embedding) => embedding === undefined)) return refused;
  return { status: 200, body: { embeddings } };
}
