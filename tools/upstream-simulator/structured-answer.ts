import { generateSandboxOutput } from '../../src/adapters/providers/sandbox/sandbox-output.ts';
import { isJsonObject, type Answer, type JsonObject, type SimulatedCall } from './simulated-call.ts';

/** About four characters a token: close enough to real tokenizers for usage accounting. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** The simulated model's answer: JSON satisfying the request's schema, or a short text. */
export function buildAnswer(call: SimulatedCall): Answer {
  const value = answerValue(call);
  const text = typeof value === 'string' && call.outputMode === 'text' ? value : JSON.stringify(value);
  return { text, value, inputTokens: estimateTokens(call.inputText), outputTokens: estimateTokens(text) };
}

/** The same answer, cut short: valid JSON up to a point, then nothing, as when a model stops mid-object. */
export function malformAnswer(answer: Answer): Answer {
  const cut = Math.max(1, Math.floor(answer.text.length * 0.6));
  const text = answer.text.startsWith('{') || answer.text.startsWith('[') ? answer.text.slice(0, cut) : `{"answer": ${answer.text.slice(0, cut)}`;
  return { ...answer, text, value: undefined, outputTokens: estimateTokens(text) };
}

/** Splits text into stream-sized pieces (a few tokens each), in order. */
export function streamPieces(text: string, size = 16): string[] {
  const pieces: string[] = [];
  for (let index = 0; index < text.length; index += size) pieces.push(text.slice(index, index + size));
  return pieces.length > 0 ? pieces : [''];
}

function answerValue(call: SimulatedCall): unknown {
  if (call.schema) return generateSandboxOutput(normalizeSchema(call.schema), call.prompt);
  if (call.outputMode === 'text') return generateSandboxOutput({ type: 'string' }, call.prompt);
  // JSON without a schema: a small object, as a model asked for "JSON" would write.
  return generateSandboxOutput({ type: 'object', properties: { answer: { type: 'string' } } }, call.prompt);
}

/**
 * Providers rewrite schemas before sending them: Anthropic moves numeric and length limits into the
 * description ("minimum: 1; maximum: 5."), Gemini's OpenAPI `responseSchema` writes types in capitals.
 * A real model still honours both, so the simulator reads them back before generating.
 */
export function normalizeSchema(schema: JsonObject): JsonObject {
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type') result.type = typeof value === 'string' ? value.toLowerCase() : Array.isArray(value) ? value.map(lower) : value;
    else if (key === 'properties' || key === '$defs' || key === 'definitions') result[key] = mapValues(value);
    else if (key === 'items' || key === 'additionalProperties') result[key] = isJsonObject(value) ? normalizeSchema(value) : value;
    else if (key === 'anyOf' || key === 'oneOf' || key === 'allOf') result[key] = Array.isArray(value) ? value.map((entry) => (isJsonObject(entry) ? normalizeSchema(entry) : entry)) : value;
    else result[key] = value;
  }
  if (typeof schema.description === 'string') Object.assign(result, describedConstraints(schema.description, result));
  return result;
}

function lower(value: unknown): unknown {
  return typeof value === 'string' ? value.toLowerCase() : value;
}

function mapValues(value: unknown): unknown {
  if (!isJsonObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, isJsonObject(entry) ? normalizeSchema(entry) : entry]));
}

const describedKeys: Record<string, string> = {
  minimum: 'minimum',
  maximum: 'maximum',
  'exclusive minimum': 'exclusiveMinimum',
  'exclusive maximum': 'exclusiveMaximum',
  'multiple of': 'multipleOf',
  'min length': 'minLength',
  'max length': 'maxLength',
  'min items': 'minItems',
  'max items': 'maxItems',
};

/** Limits written as `name: value` pairs in a description, for keywords the schema itself lacks. */
function describedConstraints(description: string, schema: JsonObject): JsonObject {
  const constraints: JsonObject = {};
  const lastLine = description.split('\n').at(-1) ?? '';
  for (const pair of lastLine.replace(/\.$/, '').split(';')) {
    const match = /^\s*([a-z ]+):\s*(-?\d+(?:\.\d+)?)\s*$/.exec(pair);
    const key = match ? describedKeys[match[1] as string] : undefined;
    if (match && key && schema[key] === undefined) constraints[key] = Number(match[2]);
  }
  return constraints;
}
