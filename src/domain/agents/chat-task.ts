import { invalidRequest } from '../errors.ts';
import { InvalidDataError } from '../invalid-data-error.ts';
import type { Agent } from './agent.ts';
import { buildAgentCatalog } from './agent-catalog.ts';
import { callerSchemaPatternIssues } from './caller-schema-patterns.ts';
import { toolInstructions, toolTurnOutput, toolTurnValidator, type ChatToolUse } from './chat-tools.ts';
import type { ToolData } from './tool-data-prompt.ts';

/** The id runs of the chat task are recorded under (the run log, analytics, metrics). */
export const chatTaskId = 'chat';

/** What the answer of a chat is: text, any JSON object, or JSON matching the caller's schema. */
export type ChatAnswerFormat = { type: 'text' } | { type: 'json_object' } | { type: 'json_schema'; schema: Record<string, unknown> };

/** One message of a conversation, its content as text. */
export interface ChatMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  text: string;
  /** An assistant's message: the calls it asked for (arguments as the JSON text they were sent back as). */
  toolCalls?: readonly { id: string; name: string; arguments: string }[];
  /** A tool's message: the call whose result it holds, and that call's function. */
  toolCall?: { id: string; name: string };
}

const instructions = {
  text:
    'You are a helpful assistant taking part in a conversation. Answer the last user message as the assistant, following the ' +
    'system messages of the conversation when there are any. Put your whole reply, as plain text, in the "content" field.',
  json:
    'You are a helpful assistant taking part in a conversation. Answer the last user message as the assistant, following the ' +
    'system messages of the conversation when there are any. Your reply is the JSON object the conversation asks for.',
};

const textOutput = {
  type: 'object',
  properties: { content: { type: 'string', minLength: 1, description: 'The reply, as plain text' } },
  required: ['content'],
  additionalProperties: false,
};

function definition(format: ChatAnswerFormat, tools?: ChatToolUse): Record<string, unknown> {
  if (tools) {
    return { ...definition({ type: 'text' }), instructions: `${instructions.text}\n\n${toolInstructions(tools)}`, output: toolTurnOutput(tools) };
  }
  return {
    id: chatTaskId,
    name: 'Chat',
    category: 'general',
    taskCategory: 'conversation',
    description: 'A conversation answered by a model: the built-in task of the OpenAI-compatible chat completions.',
    readOnly: true,
    requiresConfirmation: false,
    instructions: format.type === 'text' ? instructions.text : instructions.json,
    output: format.type === 'text' ? textOutput : format.type === 'json_object' ? { type: 'object', properties: {} } : format.schema,
  };
}

/**
 * The built-in agent a chat runs as when it names a model (or `auto`) rather than an agent: compiled and
 * checked exactly as catalog agents are, so it goes through the same pipeline (safety, routing, failover, the
 * run log). A caller's JSON Schema outside what agents' schemas may use is a 400 on `schemaPath`.
 */
export function chatTask(format: ChatAnswerFormat, schemaPath = 'response_format.json_schema.schema'): Agent {
  if (format.type !== 'json_schema') return (compiled[format.type] ??= compile(format, schemaPath));
  if (format.schema.type !== 'object' || typeof format.schema.properties !== 'object' || format.schema.properties === null) {
    throw invalidRequest([{ path: schemaPath, message: 'must be a JSON Schema of an object ("type": "object" with "properties")' }]);
  }
  const patterns = callerSchemaPatternIssues(format.schema, schemaPath);
  if (patterns.length > 0) throw invalidRequest(patterns);
  return compile(format, schemaPath);
}

/**
 * The chat task when the caller offers tools (`tool_choice` other than `none`): the model replies or asks for
 * calls, in the shape of toolTurnOutput, told in its instructions how and when to call (the tools are listed
 * in the task, see toolListing); code checks each call's arguments against the tool's own schema (see
 * toolTurnValidator). The tools are checked first (checkedTools).
 */
export function chatToolTask(tools: ChatToolUse): Agent {
  const agent = compile({ type: 'text' }, 'tools', tools);
  const outputValidator = toolTurnValidator(agent.outputValidator, tools);
  return { ...agent, outputValidator, publicOutputValidator: outputValidator };
}

const compiled: Partial<Record<'text' | 'json_object', Agent>> = {};

function compile(format: ChatAnswerFormat, schemaPath: string, tools?: ChatToolUse): Agent {
  try {
    const agent = buildAgentCatalog([{ origin: 'the chat task', content: definition(format, tools) }], new Map()).find(chatTaskId);
    if (!agent) throw new Error('the chat task did not compile');
    return agent;
  } catch (error) {
    if (!(error instanceof InvalidDataError) || (format.type !== 'json_schema' && !tools)) throw error;
    throw invalidRequest(error.problems.map((problem) => ({ path: schemaPath, message: problem.replace(/^the chat task: /, '') })));
  }
}

/**
 * The text the model sees for a conversation: the one user message alone, or every message in order under
 * its role, so nothing a caller sent is hidden from the safety layers or the model.
 */
export function conversationPrompt(messages: readonly ChatMessage[]): string {
  if (messages.length === 1 && messages[0]?.role === 'user') return messages[0].text;
  return messages.map((message) => `[${message.role}]\n${messageText(message)}`).join('\n\n');
}

/**
 * A message as the model reads it. The calls an assistant asked for are listed after its text; a tool's
 * result is not in the conversation text but in a data block after it (see toolResults), which this names.
 */
function messageText(message: ChatMessage): string {
  if (message.toolCall) return `The result of call ${message.toolCall.id} (${message.toolCall.name}) is in the data block "${toolResultSource(message.toolCall.id)}".`;
  const calls = (message.toolCalls ?? []).map((call) => `Called ${call.name} (call ${call.id}) with arguments ${call.arguments}`);
  return [message.text, ...calls].filter((line) => line !== '').join('\n');
}

function toolResultSource(callId: string): string {
  return `result of ${callId}`;
}

/**
 * The tools' results a conversation holds, as data for the run (RunAgentCommand.suppliedData): untrusted text,
 * screened as what agents' tools fetch is and shown to the model in data blocks, never as instructions.
 */
export function toolResults(messages: readonly ChatMessage[]): ToolData[] {
  return messages.flatMap((message) =>
    message.toolCall ? [{ source: toolResultSource(message.toolCall.id), description: `The result of call ${message.toolCall.id} (${message.toolCall.name})`, text: message.text }] : [],
  );
}

/** The answer of a chat run as the assistant's message: the text, or the JSON object as JSON text. */
export function chatAnswerText(format: ChatAnswerFormat, data: Record<string, unknown>): string {
  const { model: _model, ...output } = data;
  if (format.type === 'text' && typeof output.content === 'string') return output.content;
  return JSON.stringify(output);
}
