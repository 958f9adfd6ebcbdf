import { replyOrCallsTitle, toolCallsTitle, toolListHeading } from '../../../domain/agents/chat-tools.ts';
import { toolDataPreamble } from '../../../domain/agents/tool-data-prompt.ts';

type JsonSchema = Record<string, unknown>;

const roleLine = /^\[(system|developer|user|assistant|tool)\]$/gm;

/**
 * The sandbox's answer to a chat turn that may call tools, as the schema the answer is then generated from,
 * or undefined for any other schema. The rule, deterministic: asked for calls (`required`, a named tool), it
 * makes one call; free to choose (`auto`), it calls the first tool offered when the conversation ends with
 * the user's message, and replies once a tool result has come back (or after any other last message).
 */
export function sandboxToolTurn(schema: JsonSchema, prompt: string): { generate: JsonSchema; fill: JsonSchema } | undefined {
  if (schema.title !== toolCallsTitle && schema.title !== replyOrCallsTitle) return undefined;
  const properties = schema.properties as Record<string, JsonSchema>;
  const calls = properties.tool_calls as JsonSchema;
  const oneCall = { ...calls, minItems: 1, maxItems: 1 };
  if (schema.title === toolCallsTitle || lastRole(prompt) === 'user') {
    return { generate: { type: 'object', properties: { tool_calls: oneCall } }, fill: schema.title === toolCallsTitle ? {} : { content: '' } };
  }
  return { generate: { type: 'object', properties: { content: properties.content } }, fill: { tool_calls: [] } };
}

/** The role of the conversation's last message (before the tools' list and the data blocks): a lone user message has no role line. */
function lastRole(prompt: string): string {
  const ends = [prompt.indexOf(toolListHeading), prompt.indexOf(toolDataPreamble)].filter((index) => index >= 0);
  const conversation = prompt.slice(0, Math.min(prompt.length, ...ends));
  return [...conversation.matchAll(roleLine)].at(-1)?.[1] ?? 'user';
}
