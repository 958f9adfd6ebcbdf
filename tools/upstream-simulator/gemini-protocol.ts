import { randomUUID } from 'node:crypto';
import { providerError } from './provider-errors.ts';
import { contentText, isJsonObject, type Answer, type JsonObject, type OutputMode, type ParsedRequest, type SimulatedCall } from './simulated-call.ts';
import { jsonEvent, type StreamEvent } from './sse.ts';
import { streamPieces } from './structured-answer.ts';
import type { WireProtocol } from './wire-protocol.ts';

const endpointPattern = /^\/(.+):(generateContent|streamGenerateContent)$/;

/**
 * Gemini API: POST {base}/models/{model}:generateContent, and :streamGenerateContent (SSE with
 * `alt=sse`, otherwise one JSON array). JSON output is asked for with `generationConfig.responseMimeType`
 * plus `responseJsonSchema` (JSON Schema, what the AI SDK sends) or `responseSchema` (OpenAPI subset).
 */
export const geminiProtocol: WireProtocol = {
  lineEnd: '\r\n',

  matchEndpoint(method, endpointPath, search) {
    const match = method === 'POST' ? endpointPattern.exec(endpointPath) : null;
    if (!match) return undefined;
    const stream = match[2] === 'streamGenerateContent';
    // `models/gemini-2.5-flash` is the usual path; tuned models have their own collection.
    const model = decodeURIComponent((match[1] as string).replace(/^models\//, ''));
    return { model, stream, jsonArrayStream: stream && search.get('alt') !== 'sse' };
  },

  modelOf: (endpoint) => endpoint.model ?? '',

  parse(provider, endpoint, body): ParsedRequest {
    const model = endpoint.model ?? '';
    const reject = (message: string): ParsedRequest => ({ error: providerError(provider, 400, { model, message }) });
    if (!isJsonObject(body)) return reject('Invalid JSON payload received.');
    const contents = Array.isArray(body.contents) ? body.contents.filter(isJsonObject) : [];
    if (contents.length === 0) return reject('* GenerateContentRequest.contents: contents is not specified\n');

    const config = isJsonObject(body.generationConfig) ? body.generationConfig : isJsonObject(body.generation_config) ? body.generation_config : {};
    const output = readOutput(config);
    const system = isJsonObject(body.systemInstruction) ? contentText(body.systemInstruction.parts) : '';
    const texts = contents.map((content) => contentText(content.parts));
    const lastUser = [...contents].reverse().find((content) => content.role === undefined || content.role === 'user');
    const call: SimulatedCall = {
      provider,
      model,
      stream: endpoint.stream === true,
      outputMode: output.mode,
      schema: output.schema,
      toolName: undefined,
      prompt: contentText(lastUser?.parts),
      inputText: [system, ...texts, output.schema ? JSON.stringify(output.schema) : ''].join('\n'),
      includeStreamUsage: true,
    };
    return { call };
  },

  reply(_provider, call, answer) {
    return {
      candidates: [{ content: { parts: [{ text: answer.text }], role: 'model' }, finishReason: 'STOP', index: 0 }],
      usageMetadata: usageOf(answer),
      modelVersion: call.model,
      responseId: responseId(),
    };
  },

  streamEvents(_provider, call, answer) {
    const id = responseId();
    const promptOnly = { promptTokenCount: answer.inputTokens, totalTokenCount: answer.inputTokens };
    const events: StreamEvent[] = streamPieces(answer.text).map((piece) =>
      jsonEvent({ candidates: [{ content: { parts: [{ text: piece }], role: 'model' }, index: 0 }], usageMetadata: promptOnly, modelVersion: call.model, responseId: id }, true),
    );
    events.push(
      jsonEvent(
        { candidates: [{ content: { parts: [{ text: '' }], role: 'model' }, finishReason: 'STOP', index: 0 }], usageMetadata: usageOf(answer), modelVersion: call.model, responseId: id },
        false,
      ),
    );
    return events;
  },
};

function readOutput(config: JsonObject): { mode: OutputMode; schema: JsonObject | undefined } {
  const mimeType = config.responseMimeType ?? config.response_mime_type;
  const jsonSchema = config.responseJsonSchema ?? config.response_json_schema;
  const openApiSchema = config.responseSchema ?? config.response_schema;
  if (isJsonObject(jsonSchema)) return { mode: 'response_json_schema', schema: jsonSchema };
  if (isJsonObject(openApiSchema)) return { mode: 'response_schema', schema: openApiSchema };
  if (mimeType === 'application/json') return { mode: 'json_mime_type', schema: undefined };
  return { mode: 'text', schema: undefined };
}

function usageOf(answer: Answer): JsonObject {
  return {
    promptTokenCount: answer.inputTokens,
    candidatesTokenCount: answer.outputTokens,
    totalTokenCount: answer.inputTokens + answer.outputTokens,
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: answer.inputTokens }],
  };
}

function responseId(): string {
  return randomUUID().replaceAll('-', '').slice(0, 22);
}
