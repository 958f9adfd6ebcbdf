import { randomUUID } from 'node:crypto';
import { providerError } from './provider-errors.ts';
import { contentText, isJsonObject, type Answer, type JsonObject, type OutputMode, type ParsedRequest, type SimulatedCall } from './simulated-call.ts';
import { jsonEvent, type StreamEvent } from './sse.ts';
import { streamPieces } from './structured-answer.ts';
import type { WireProtocol } from './wire-protocol.ts';

/**
 * Anthropic Messages: POST {base}/messages. Structured output arrives either as native structured outputs
 * (`output_config.format`, or the older `output_format`) answered in a text block, or as a forced tool
 * (`tool_choice` `any`/`tool`, the AI SDK's tool is named "json") answered with a `tool_use` block.
 */
export const anthropicProtocol: WireProtocol = {
  lineEnd: '\n',

  matchEndpoint(method, endpointPath) {
    return method === 'POST' && endpointPath === '/messages' ? { model: undefined, stream: undefined, jsonArrayStream: false } : undefined;
  },

  modelOf: (_endpoint, body) => bodyModel(body),

  parse(provider, _endpoint, body): ParsedRequest {
    const model = bodyModel(body);
    const reject = (message: string): ParsedRequest => ({ error: providerError(provider, 400, { model, message }) });
    if (!isJsonObject(body)) return reject('There was an issue with the request body: invalid JSON');
    if (!model) return reject('model: Field required');
    if (typeof body.max_tokens !== 'number') return reject('max_tokens: Field required');
    const messages = Array.isArray(body.messages) ? body.messages.filter(isJsonObject) : [];
    if (messages.length === 0) return reject('messages: at least one message is required');

    const output = readOutput(body);
    const system = contentText(body.system);
    const texts = messages.map((message) => contentText(message.content));
    const lastUser = [...messages].reverse().find((message) => message.role === 'user');
    const call: SimulatedCall = {
      provider,
      model,
      stream: body.stream === true,
      outputMode: output.mode,
      schema: output.schema,
      toolName: output.toolName,
      prompt: contentText(lastUser?.content),
      inputText: [system, ...texts, output.schema ? JSON.stringify(output.schema) : ''].join('\n'),
      includeStreamUsage: true,
    };
    return { call };
  },

  reply(_provider, call, answer) {
    const block = answerBlock(call, answer);
    return {
      id: messageId(),
      type: 'message',
      role: 'assistant',
      model: call.model,
      content: [block.type === 'tool_use' ? { ...block, input: answer.value } : { ...block, text: answer.text }],
      stop_reason: block.type === 'tool_use' ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { ...usageOf(answer), output_tokens: answer.outputTokens },
    };
  },

  streamEvents(_provider, call, answer) {
    const block = answerBlock(call, answer);
    const events: StreamEvent[] = [
      jsonEvent(
        {
          type: 'message_start',
          message: { id: messageId(), type: 'message', role: 'assistant', model: call.model, content: [], stop_reason: null, stop_sequence: null, usage: { ...usageOf(answer), output_tokens: 1 } },
        },
        false,
        'message_start',
      ),
      jsonEvent({ type: 'content_block_start', index: 0, content_block: block.type === 'tool_use' ? { ...block, input: {} } : { ...block, text: '' } }, false, 'content_block_start'),
      jsonEvent({ type: 'ping' }, false, 'ping'),
    ];
    for (const piece of streamPieces(answer.text)) {
      const delta = block.type === 'tool_use' ? { type: 'input_json_delta', partial_json: piece } : { type: 'text_delta', text: piece };
      events.push(jsonEvent({ type: 'content_block_delta', index: 0, delta }, true, 'content_block_delta'));
    }
    events.push(
      jsonEvent({ type: 'content_block_stop', index: 0 }, false, 'content_block_stop'),
      jsonEvent(
        { type: 'message_delta', delta: { stop_reason: block.type === 'tool_use' ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: answer.outputTokens } },
        false,
        'message_delta',
      ),
      jsonEvent({ type: 'message_stop' }, false, 'message_stop'),
    );
    return events;
  },
};

interface RequestedOutput {
  mode: OutputMode;
  schema: JsonObject | undefined;
  toolName: string | undefined;
}

function readOutput(body: JsonObject): RequestedOutput {
  const config = isJsonObject(body.output_config) ? body.output_config : {};
  const format = isJsonObject(config.format) ? config.format : isJsonObject(body.output_format) ? body.output_format : undefined;
  if (format?.type === 'json_schema' && isJsonObject(format.schema)) return { mode: 'output_config', schema: format.schema, toolName: undefined };

  const tools = Array.isArray(body.tools) ? body.tools.filter(isJsonObject) : [];
  const choice = isJsonObject(body.tool_choice) ? body.tool_choice : undefined;
  const forced =
    choice?.type === 'tool' ? tools.find((tool) => tool.name === choice.name) : choice?.type === 'any' ? (tools.find((tool) => tool.name === 'json') ?? tools[0]) : undefined;
  if (forced && typeof forced.name === 'string') {
    return { mode: 'json_tool', schema: isJsonObject(forced.input_schema) ? forced.input_schema : undefined, toolName: forced.name };
  }
  return { mode: 'text', schema: undefined, toolName: undefined };
}

type AnswerBlock = { type: 'text' } | { type: 'tool_use'; id: string; name: string };

/** A forced tool gets a tool_use block, unless the answer is not JSON: then the model "answered in prose". */
function answerBlock(call: SimulatedCall, answer: Answer): AnswerBlock {
  if (call.outputMode === 'json_tool' && call.toolName && answer.value !== undefined) {
    return { type: 'tool_use', id: `toolu_sim_${randomUUID().replaceAll('-', '').slice(0, 24)}`, name: call.toolName };
  }
  return { type: 'text' };
}

function usageOf(answer: Answer): JsonObject {
  return { input_tokens: answer.inputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, service_tier: 'standard' };
}

function bodyModel(body: unknown): string {
  return isJsonObject(body) && typeof body.model === 'string' ? body.model : '';
}

function messageId(): string {
  return `msg_sim_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
}
