import type { AgentRunSuccess } from '../../domain/agents/agent-runner.ts';
import { chatAnswerText } from '../../domain/agents/chat-task.ts';
import { toolCallId, toolCallsOf } from '../../domain/agents/chat-tools.ts';
import type { ChatRun } from './chat-run-request.ts';

/** Tokens in OpenAI's names: every model call of the run, as `meta.usage` counts them on `/api`. */
export function presentUsage(result: Pick<AgentRunSuccess, 'usage'>) {
  const { inputTokens, outputTokens } = result.usage;
  return { prompt_tokens: inputTokens, completion_tokens: outputTokens, total_tokens: inputTokens + outputTokens };
}

/** The assistant's message: the chat task's reply, or the agent's output (without `model`) as JSON text. */
export function assistantContent(run: Pick<ChatRun, 'format'>, result: Pick<AgentRunSuccess, 'data'>): string {
  return chatAnswerText(run.format === 'agent' ? { type: 'json_object' } : run.format, result.data);
}

/** The calls the model asked for, in OpenAI's shape (arguments as JSON text); none when it replied. */
export function presentToolCalls(run: Pick<ChatRun, 'tools'>, result: Pick<AgentRunSuccess, 'data' | 'runId'>) {
  if (!run.tools) return [];
  return toolCallsOf(result.data).map((call, index) => ({
    id: toolCallId(result.runId, index),
    type: 'function' as const,
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
}

/** Seconds since the epoch, as OpenAI's `created`. */
export function createdAt(startedAt: Date): number {
  return Math.floor(startedAt.getTime() / 1000);
}

/** A run as OpenAI's `chat.completion`: its id is the run's, `model` the model that answered; tool calls when it asked for some. */
export function presentChatCompletion(run: Pick<ChatRun, 'format' | 'tools'>, result: AgentRunSuccess, created: number) {
  const toolCalls = presentToolCalls(run, result);
  if (toolCalls.length > 0) {
    const content = typeof result.data.content === 'string' && result.data.content.trim() !== '' ? result.data.content : null;
    return {
      id: result.runId,
      object: 'chat.completion' as const,
      created,
      model: result.model.id,
      choices: [{ index: 0, message: { role: 'assistant' as const, content, refusal: null, tool_calls: toolCalls }, finish_reason: 'tool_calls' as const, logprobs: null }],
      usage: presentUsage(result),
    };
  }
  return {
    id: result.runId,
    object: 'chat.completion' as const,
    created,
    model: result.model.id,
    choices: [{ index: 0, message: { role: 'assistant' as const, content: assistantContent(run, result), refusal: null }, finish_reason: 'stop' as const, logprobs: null }],
    usage: presentUsage(result),
  };
}
