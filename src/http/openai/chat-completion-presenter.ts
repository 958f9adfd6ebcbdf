import type { AgentRunSuccess } from '../../domain/agents/agent-runner.ts';
import { chatAnswerText } from '../../domain/agents/chat-task.ts';
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

/** Seconds since the epoch, as OpenAI's `created`. */
export function createdAt(startedAt: Date): number {
  return Math.floor(startedAt.getTime() / 1000);
}

/** A run as OpenAI's `chat.completion`: its id is the run's, `model` the model that answered. */
export function presentChatCompletion(run: Pick<ChatRun, 'format'>, result: AgentRunSuccess, created: number) {
  return {
    id: result.runId,
    object: 'chat.completion' as const,
    created,
    model: result.model.id,
    choices: [{ index: 0, message: { role: 'assistant' as const, content: assistantContent(run, result), refusal: null }, finish_reason: 'stop' as const, logprobs: null }],
    usage: presentUsage(result),
  };
}
