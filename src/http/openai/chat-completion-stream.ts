import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AgentRunSuccess, StreamedDelta } from '../../domain/agents/agent-runner.ts';
import type { UsageSnapshot } from '../../domain/quotas/usage-meter.ts';
import { logStream, startEventStream } from '../streaming/event-stream.ts';
import { assistantContent, presentToolCalls, presentUsage } from './chat-completion-presenter.ts';
import type { ChatCompletionChunk } from './chat-completion-schemas.ts';
import type { ChatRun } from './chat-run-request.ts';
import { asOpenAiError, openAiError } from './openai-errors.ts';
import { StreamedContentField } from './streamed-content-field.ts';

interface Opening {
  runId: string;
  agentId: string;
  model: { id: string };
  quota: UsageSnapshot;
}

/**
 * A run streamed as OpenAI's `chat.completion.chunk` events, ending in `data: [DONE]`. Nothing is sent until
 * the model's first text, so failover and refusals happen as for a JSON response (an ordinary error
 * response). The chat task's reply streams as it is written; an agent's output, and JSON answers, which code
 * checks and completes once the model has finished, come whole in one chunk at the end, as does any answer
 * of a turn that may call tools: its calls in one chunk (`delta.tool_calls`), then `finish_reason:
 * "tool_calls"`. With `include_usage`, a last chunk with no choices carries the usage. A failure after the stream opened is a
 * chunk holding OpenAI's `error` object, which the SDKs raise.
 */
export async function streamChatCompletion(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    chat: ChatRun;
    created: number;
    includeUsage: boolean;
    bodyLimitBytes: number;
    limitHeaders: (quota: UsageSnapshot) => Record<string, string>;
    run: (onDelta: (delta: StreamedDelta) => void) => Promise<AgentRunSuccess>;
  },
): Promise<void> {
  const raw = reply.raw;
  let opening: Opening | undefined;
  let streamedText = '';
  // With tools, the answer may turn out to be calls: it comes whole at the end, once code has checked it.
  const field = options.chat.format !== 'agent' && options.chat.format.type === 'text' && !options.chat.tools ? new StreamedContentField() : undefined;
  const send = (data: unknown) => raw.write(`data: ${JSON.stringify(data)}\n\n`);
  const chunk = (delta: ChatCompletionChunk['choices'][number]['delta'], finishReason: 'stop' | 'tool_calls' | null = null): ChatCompletionChunk => ({
    id: opening?.runId ?? '',
    object: 'chat.completion.chunk',
    created: options.created,
    model: opening?.model.id ?? '',
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
    ...(options.includeUsage ? { usage: null } : {}),
  });
  const open = (opened: Opening) => {
    if (opening) return;
    opening = opened;
    startEventStream(request, reply, { 'x-agent': opened.agentId, 'x-model': opened.model.id, ...options.limitHeaders(opened.quota) });
    send(chunk({ role: 'assistant', content: '' }));
  };

  try {
    const result = await options.run((delta) => {
      open(delta);
      const text = field?.push(delta.text) ?? '';
      if (text === '') return;
      streamedText += text;
      send(chunk({ content: text }));
    });
    open({ runId: result.runId, agentId: result.agent.id, model: result.model, quota: result.quota });
    const toolCalls = presentToolCalls(options.chat, result);
    if (toolCalls.length > 0) {
      const content = result.data.content;
      if (typeof content === 'string' && content.trim() !== '') send(chunk({ content }));
      send(chunk({ tool_calls: toolCalls.map((call, index) => ({ index, ...call })) }));
      send(chunk({}, 'tool_calls'));
    } else {
      const content = assistantContent(options.chat, result);
      // What code mended after the model finished cannot replace what was sent; what follows it still comes.
      const rest = content.startsWith(streamedText) ? content.slice(streamedText.length) : '';
      if (rest !== '') send(chunk({ content: rest }));
      send(chunk({}, 'stop'));
    }
    if (options.includeUsage) send({ ...chunk({}), choices: [], usage: presentUsage(result) });
    raw.write('data: [DONE]\n\n');
    request.logContext = { agent: result.agent.id, model: result.model.id };
    logStream(request, reply, 'done');
  } catch (error) {
    if (!opening) throw error;
    send(openAiError(asOpenAiError(request, error, options.bodyLimitBytes)).body);
    logStream(request, reply, 'error');
  }
  raw.end();
}
