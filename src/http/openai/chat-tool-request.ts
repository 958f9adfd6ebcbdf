import { checkedTools, type ChatTool, type ChatToolUse } from '../../domain/agents/chat-tools.ts';
import { invalidRequest } from '../../domain/errors.ts';
import type { ChatCompletionRequest } from './chat-completion-schemas.ts';
import { unsupportedParameter } from './openai-errors.ts';

/** Whether the request uses tools at all: offers some, or continues a conversation that called them. */
export function usesTools(request: ChatCompletionRequest): boolean {
  return (
    (request.tools !== undefined && request.tools.length > 0) ||
    (request.tool_choice !== undefined && request.tool_choice !== 'none' && request.tool_choice !== 'auto') ||
    request.messages.some((message) => message.role === 'tool' || (message.tool_calls?.length ?? 0) > 0)
  );
}

/** The deprecated `functions` / `function_call`: refused, pointing at `tools`, their replacement. */
export function refuseFunctions(request: ChatCompletionRequest): void {
  if (request.functions !== undefined && request.functions.length > 0) {
    throw unsupportedParameter('functions', '"functions" is deprecated and not supported: send the same functions as "tools" ({ "type": "function", "function": { … } })');
  }
  if (request.function_call !== undefined && request.function_call !== null) {
    throw unsupportedParameter('function_call', '"function_call" is deprecated and not supported: use "tool_choice"');
  }
}

/**
 * The tools of a request and how the model may use them; undefined when it offers none, or `tool_choice`
 * is `none` (the model then replies, seeing any earlier calls and results in the conversation). 400 for
 * tools whose schema code cannot check arguments against, a `tool_choice` naming a tool not offered, or one
 * asking for calls with no tools, and with `response_format` other than text (a turn is a reply or calls).
 */
export function toolUseOf(request: ChatCompletionRequest): ChatToolUse | undefined {
  const tools: ChatTool[] = (request.tools ?? []).map((tool) => ({
    name: tool.function.name,
    description: tool.function.description,
    parameters: tool.function.parameters ?? { type: 'object', properties: {} },
  }));
  const choice = request.tool_choice ?? 'auto';
  if (tools.length === 0) {
    if (choice !== 'none' && choice !== 'auto') throw invalidRequest([{ path: 'tool_choice', message: 'asks for a tool call, but no tools are sent' }]);
    return undefined;
  }
  checkedTools(tools);
  if (choice === 'none') return undefined;
  if (request.response_format !== undefined && request.response_format.type !== 'text') {
    throw unsupportedParameter('response_format', 'A turn that may call tools answers in text or with calls: send response_format only with "tool_choice": "none", or none at all');
  }
  const parallel = request.parallel_tool_calls !== false;
  if (typeof choice === 'string') return { tools, choice: { type: choice }, parallel };
  const name = choice.function.name;
  if (!tools.some((tool) => tool.name === name)) throw invalidRequest([{ path: 'tool_choice.function.name', message: `"${name}" is not one of the tools sent` }]);
  return { tools, choice: { type: 'function', name }, parallel };
}
