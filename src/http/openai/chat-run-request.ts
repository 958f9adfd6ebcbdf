import type { AgentRunBody } from '../../domain/agents/agent-task.ts';
import type { AgentRunner } from '../../domain/agents/agent-runner.ts';
import { chatTask, chatTaskId, chatToolTask, conversationPrompt, toolResults, type ChatAnswerFormat, type ChatMessage } from '../../domain/agents/chat-task.ts';
import { toolListing, type ChatToolUse } from '../../domain/agents/chat-tools.ts';
import type { ToolData } from '../../domain/agents/tool-data-prompt.ts';
import type { Agent } from '../../domain/agents/agent.ts';
import { AppError, invalidRequest } from '../../domain/errors.ts';
import type { ModelRegistry } from '../../domain/routing/model-registry.ts';
import type { Sampling } from '../../ports/model-gateway.ts';
import type { ChatCompletionRequest } from './chat-completion-schemas.ts';
import { refuseFunctions, toolUseOf, usesTools } from './chat-tool-request.ts';
import { modelNotFound, unsupportedParameter } from './openai-errors.ts';

/** What `model` names: an agent of the catalog, a model of the registry, or `auto` (the router picks). */
export type ChatTarget = { kind: 'agent'; agent: Agent } | { kind: 'model'; modelId: string } | { kind: 'auto' };

export const autoModelId = 'auto';

/** What a chat completion runs: the agent (a catalog one, or the chat task), its body, and how its answer reads. */
export interface ChatRun {
  target: ChatTarget;
  agentId: string;
  builtInAgent: Agent | undefined;
  body: AgentRunBody;
  sampling: Sampling | undefined;
  /** How the answer becomes the assistant's message: `agent` is the agent's output as JSON text. */
  format: ChatAnswerFormat | 'agent';
  /** The tools the model may call this turn, when it may call any. */
  tools?: ChatToolUse | undefined;
  /** The conversation's tool results, for the run to screen and show in data blocks. */
  suppliedData?: ToolData[] | undefined;
}

/** The model a request names; 404 `model_not_found` for anything else, 410 for an agent id of the original service. */
export function resolveChatTarget(dependencies: { runner: Pick<AgentRunner, 'findAgent'>; registry: Pick<ModelRegistry, 'find'> }, model: string): ChatTarget {
  if (model === autoModelId) return { kind: 'auto' };
  if (dependencies.registry.find(model)) return { kind: 'model', modelId: model };
  try {
    return { kind: 'agent', agent: dependencies.runner.findAgent(model, 'api') };
  } catch (error) {
    if (error instanceof AppError && error.code === 'agent_not_found') throw modelNotFound(model);
    throw error;
  }
}

/** Refuses, by name, what this surface cannot honour: the answer would not be what the caller asked for. */
export function refuseUnsupported(request: ChatCompletionRequest): void {
  refuseFunctions(request);
  if (request.n !== undefined && request.n !== null && request.n > 1) throw unsupportedParameter('n', 'Only one choice per request (n: 1) is supported');
  if (request.logprobs === true) throw unsupportedParameter('logprobs', 'Log probabilities are not supported');
  const stop = request.stop;
  if (stop !== undefined && stop !== null && (typeof stop === 'string' || stop.length > 0)) {
    throw unsupportedParameter('stop', 'Stop sequences are not supported: every answer is a complete JSON document the service checks before returning it');
  }
}

/**
 * The messages as text; parts other than text, and `function` messages (deprecated), are refused by name.
 * An assistant's tool calls come along; a tool message must answer a call of an earlier assistant message.
 */
export function chatMessages(request: ChatCompletionRequest): ChatMessage[] {
  const calls = new Map<string, string>();
  return request.messages.map((message, index) => {
    if (message.role === 'function') throw unsupportedParameter(`messages.${index}.role`, 'Messages of role "function" are deprecated and not supported: send "tool" messages');
    const text = messageText(message.content ?? '', index);
    if (message.role === 'tool') {
      const name = message.tool_call_id === undefined ? undefined : calls.get(message.tool_call_id);
      if (name === undefined || message.tool_call_id === undefined) {
        throw invalidRequest([{ path: `messages.${index}.tool_call_id`, message: 'must be the id of a tool call of an earlier assistant message' }]);
      }
      return { role: 'tool', text, toolCall: { id: message.tool_call_id, name } };
    }
    const toolCalls = message.role === 'assistant' ? (message.tool_calls ?? []).map((call) => ({ id: call.id, name: call.function.name, arguments: call.function.arguments })) : [];
    for (const call of toolCalls) calls.set(call.id, call.name);
    return toolCalls.length > 0 ? { role: message.role, text, toolCalls } : { role: message.role, text };
  });
}

function messageText(content: NonNullable<ChatCompletionRequest['messages'][number]['content']>, index: number): string {
  if (typeof content === 'string') return content;
  const texts = content.map((part, partIndex) => {
    if (part.type !== 'text' || typeof part.text !== 'string') throw unsupportedParameter(`messages.${index}.content.${partIndex}.type`, `Content parts of type "${part.type}" are not supported: send text`);
    return part.text;
  });
  return texts.join('\n');
}

function answerFormat(request: ChatCompletionRequest): ChatAnswerFormat {
  const format = request.response_format;
  if (!format || format.type === 'text') return { type: 'text' };
  if (format.type === 'json_object') return { type: 'json_object' };
  return { type: 'json_schema', schema: format.json_schema.schema };
}

function samplingOf(request: ChatCompletionRequest): Sampling | undefined {
  const sampling: Sampling = {};
  if (typeof request.temperature === 'number') sampling.temperature = request.temperature;
  if (typeof request.top_p === 'number') sampling.topP = request.top_p;
  if (typeof request.presence_penalty === 'number') sampling.presencePenalty = request.presence_penalty;
  if (typeof request.frequency_penalty === 'number') sampling.frequencyPenalty = request.frequency_penalty;
  if (typeof request.seed === 'number') sampling.seed = request.seed;
  const maxTokens = request.max_completion_tokens ?? request.max_tokens;
  if (typeof maxTokens === 'number') sampling.maxOutputTokens = maxTokens;
  return Object.keys(sampling).length > 0 ? sampling : undefined;
}

/**
 * The run a chat completion asks for. An agent gets the last user message as its prompt (its own
 * instructions replace the system messages) and answers in its own schema; a registry model or `auto` runs
 * the chat task on the whole conversation, pinned to that model (failover only with `fallback: true`) or routed.
 */
export function chatRun(target: ChatTarget, request: ChatCompletionRequest): ChatRun {
  refuseUnsupported(request);
  const messages = chatMessages(request);
  const sampling = samplingOf(request);
  if (target.kind === 'agent') {
    if (usesTools(request)) {
      throw unsupportedParameter('tools', `Agent "${target.agent.id}" runs its own tools and answers in its own schema: tool calling is offered with a registry model or "auto"`);
    }
    if (request.response_format?.type === 'json_schema') {
      throw unsupportedParameter('response_format', `Agent "${target.agent.id}" answers in its own schema (GET /api/agents/${target.agent.id}): send no json_schema, or name a model or "auto"`);
    }
    const prompt = messages.findLast((message) => message.role === 'user')?.text;
    if (!prompt?.trim()) throw invalidRequest([{ path: 'messages', message: 'send a user message: it is the agent\'s prompt' }]);
    return { target, agentId: target.agent.id, builtInAgent: undefined, body: { prompt, ...(request.confirmed === undefined ? {} : { confirmed: request.confirmed }) }, sampling, format: 'agent' };
  }
  if (!messages.some((message) => message.role === 'user' && message.text.trim() !== '')) {
    throw invalidRequest([{ path: 'messages', message: 'send at least one user message' }]);
  }
  const tools = toolUseOf(request);
  const format: ChatAnswerFormat = tools ? { type: 'text' } : answerFormat(request);
  const pinned = target.kind === 'model' ? { model: target.modelId, fallback: request.fallback === true } : {};
  const builtInAgent = tools ? chatToolTask(tools) : chatTask(format);
  const conversation = conversationPrompt(messages);
  const prompt = tools ? `${conversation}\n\n${toolListing(tools)}` : conversation;
  return { target, agentId: chatTaskId, builtInAgent, body: { prompt, ...pinned }, sampling, format, tools, suppliedData: toolResults(messages) };
}
