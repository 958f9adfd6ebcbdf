import type { SimulatedProvider } from './provider-routes.ts';

export type JsonObject = Record<string, unknown>;

/** How a request asked for its answer, in the provider's own terms. */
export type OutputMode =
  | 'text'
  /** OpenAI-style `response_format: { type: 'json_object' }`: any JSON object. */
  | 'json_object'
  /** OpenAI-style `response_format: { type: 'json_schema' }`. */
  | 'json_schema'
  /** Anthropic structured outputs, `output_config.format` (or the older `output_format`). */
  | 'output_config'
  /** Anthropic forced tool use: the answer is the input of the named tool. */
  | 'json_tool'
  /** Gemini `generationConfig.responseJsonSchema` (JSON Schema). */
  | 'response_json_schema'
  /** Gemini `generationConfig.responseSchema` (the OpenAPI subset). */
  | 'response_schema'
  /** Gemini `responseMimeType: application/json` without a schema. */
  | 'json_mime_type';

/** One generation request, reduced to what the simulator needs to answer it. */
export interface SimulatedCall {
  provider: SimulatedProvider;
  model: string;
  stream: boolean;
  outputMode: OutputMode;
  /** The schema the answer must satisfy, as the provider received it. */
  schema: JsonObject | undefined;
  /** The tool the answer must call (Anthropic's JSON tool). */
  toolName: string | undefined;
  /** The last user message: what the answer is about. */
  prompt: string;
  /** Every piece of text the request carried, for counting input tokens. */
  inputText: string;
  /** Protocol details the reply needs, e.g. whether usage goes into the last stream chunk. */
  includeStreamUsage: boolean;
}

/** A reply the provider would send instead of an answer: status and its own error JSON. */
export interface ErrorReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type ParsedRequest = { call: SimulatedCall } | { error: ErrorReply };

/** The answer the simulated model gives: its text (JSON for structured output) and usage. */
export interface Answer {
  text: string;
  /** The parsed value when the text is valid JSON: Anthropic's tool input is an object, not text. */
  value: unknown;
  inputTokens: number;
  outputTokens: number;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text of a message `content`: a string, or an array of parts with `text`. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (isJsonObject(part) && typeof part.text === 'string' ? part.text : ''))
    .filter((text) => text.length > 0)
    .join('\n');
}
