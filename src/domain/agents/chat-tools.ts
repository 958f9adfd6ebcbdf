import { createHash } from 'node:crypto';
import { z, type ZodType } from 'zod';
import { invalidRequest } from '../errors.ts';
import { callerSchemaPatternIssues } from './caller-schema-patterns.ts';
import { jsonSchemaProblems } from './json-schema-subset.ts';

/** A function the caller offers the model (OpenAI's `tools`): the model may ask for it to be called. */
export interface ChatTool {
  name: string;
  description?: string | undefined;
  /** The arguments' JSON Schema, as the caller sent it. */
  parameters: Record<string, unknown>;
}

/** Which answers the model may give: either (`auto`), calls only (`required`), or calls of one tool. */
export type ChatToolChoice = { type: 'auto' } | { type: 'required' } | { type: 'function'; name: string };

/** The tools of one chat, how the model may use them, and whether it may call several at once. */
export interface ChatToolUse {
  tools: readonly ChatTool[];
  choice: ChatToolChoice;
  parallel: boolean;
}

/** One call the model asked for: a tool's name and its arguments. */
export interface ChatToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** The `title` of the output schema that lets the model reply or call tools (the sandbox recognises it). */
export const replyOrCallsTitle = 'A reply, or calls to tools';
/** The `title` of the output schema that asks for tool calls only. */
export const toolCallsTitle = 'Calls to tools';

const toolName = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The tools checked as a request's: names as OpenAI allows them and distinct, parameters a JSON Schema of
 * an object that code can validate arguments against. 400 on the first tool's path that is not.
 */
export function checkedTools(tools: readonly ChatTool[], path = 'tools'): void {
  const issues: { path: string; message: string }[] = [];
  const seen = new Set<string>();
  tools.forEach((tool, index) => {
    const at = `${path}.${index}.function`;
    if (!toolName.test(tool.name)) issues.push({ path: `${at}.name`, message: 'must be 1 to 64 letters, digits, underscores or dashes' });
    if (seen.has(tool.name)) issues.push({ path: `${at}.name`, message: `"${tool.name}" is offered twice` });
    seen.add(tool.name);
    const patterns = callerSchemaPatternIssues(tool.parameters, `${at}.parameters`);
    if (tool.parameters.type !== 'object') issues.push({ path: `${at}.parameters`, message: 'must be a JSON Schema of an object ("type": "object")' });
    else if (patterns.length > 0) issues.push(...patterns);
    else {
      try {
        z.fromJSONSchema(tool.parameters as Parameters<typeof z.fromJSONSchema>[0]);
      } catch (error) {
        issues.push({ path: `${at}.parameters`, message: `is not a JSON Schema this service can validate arguments against: ${(error as Error).message}` });
      }
    }
  });
  if (issues.length > 0) throw invalidRequest(issues);
}

/** The tools the model may call under the choice. */
export function callableTools(use: ChatToolUse): readonly ChatTool[] {
  const { choice } = use;
  return choice.type === 'function' ? use.tools.filter((tool) => tool.name === choice.name) : use.tools;
}

/**
 * The arguments' schema the model is given: the tool's own when it keeps to the subset agents' schemas use
 * (every provider and the sandbox produce those), otherwise any object; code validates against the tool's
 * own schema either way.
 */
function argumentsSchema(tool: ChatTool): Record<string, unknown> {
  if (jsonSchemaProblems(tool.parameters, 'parameters').length === 0) return tool.parameters;
  return { type: 'object', description: `The arguments of ${tool.name}, as its parameters schema in the instructions describes` };
}

function callSchema(tool: ChatTool): Record<string, unknown> {
  return {
    type: 'object',
    properties: { name: { type: 'string', enum: [tool.name] }, arguments: argumentsSchema(tool) },
    required: ['name', 'arguments'],
    additionalProperties: false,
  };
}

function callsSchema(use: ChatToolUse, minItems: number): Record<string, unknown> {
  const tools = callableTools(use);
  const items = tools.length === 1 ? callSchema(tools[0] as ChatTool) : { anyOf: tools.map(callSchema) };
  return {
    type: 'array',
    description: 'The calls to make, each a tool\'s name and its arguments',
    items,
    ...(minItems > 0 ? { minItems } : {}),
    ...(use.parallel ? {} : { maxItems: 1 }),
  };
}

/**
 * The chat task's output when tools are offered. Its root is always an object with fixed properties, a shape
 * every provider's structured output accepts: with `auto` both a reply and a list of calls (one of them
 * empty); otherwise the calls alone, at least one. The calls' items name one tool each (a choice between
 * tools is an `anyOf` of one shape per tool).
 */
export function toolTurnOutput(use: ChatToolUse): Record<string, unknown> {
  if (use.choice.type === 'auto') {
    return {
      type: 'object',
      title: replyOrCallsTitle,
      properties: {
        content: { type: 'string', description: 'Your reply as plain text when you answer without calling a tool; empty when you call tools' },
        tool_calls: callsSchema(use, 0),
      },
      required: ['content', 'tool_calls'],
      additionalProperties: false,
    };
  }
  return { type: 'object', title: toolCallsTitle, properties: { tool_calls: callsSchema(use, 1) }, required: ['tool_calls'], additionalProperties: false };
}

/** The line the list of tools follows, after the conversation (see toolListing). */
export const toolListHeading = 'Functions you may ask to be called:';

/**
 * The tools the model may call, each with its description and parameters, as the task shows them after the
 * conversation: the caller wrote them, so they are screened with the conversation by the input layers
 * rather than given to the model as instructions.
 */
export function toolListing(use: ChatToolUse): string {
  const tools = callableTools(use).map((tool) => `- ${tool.name}${tool.description ? `: ${tool.description}` : ''}\n  Parameters (JSON Schema): ${JSON.stringify(tool.parameters)}`);
  return [toolListHeading, ...tools].join('\n');
}

/** What the model is told about calling tools: how, and when. The tools themselves are listed in the task (toolListing). */
export function toolInstructions(use: ChatToolUse): string {
  const when =
    use.choice.type === 'auto'
      ? 'Call a function when answering needs what it gives and the conversation does not hold it yet: put the calls in "tool_calls" and leave "content" empty. ' +
        'Otherwise, and once the results you need are in the conversation, answer in "content" and leave "tool_calls" empty.'
      : use.choice.type === 'required'
        ? 'You must call at least one of the functions now: put the calls in "tool_calls".'
        : `You must call ${use.choice.name} now: put the call in "tool_calls".`;
  const parallel = use.parallel ? 'You may call several functions at once.' : 'Call one function at a time.';
  return [
    `You can ask for functions of the caller to be called: they are listed after the conversation, under "${toolListHeading}", each with its parameters. ` +
      'You do not call them yourself: the caller runs them and sends the results back in the conversation.',
    `${when} ${parallel} The arguments of a call must match its function's parameters schema. Never make up a function's result.`,
  ].join('\n\n');
}

/** A validator of the answer: the schema's, and code's rules on top (a reply or calls, arguments per the tool's own schema). */
export function toolTurnValidator(schemaValidator: ZodType, use: ChatToolUse): ZodType {
  const validators = new Map(use.tools.map((tool) => [tool.name, z.fromJSONSchema(tool.parameters as Parameters<typeof z.fromJSONSchema>[0])]));
  return schemaValidator.superRefine((value, context) => {
    const answer = value as { content?: unknown; tool_calls?: ChatToolCall[] };
    const calls = answer.tool_calls ?? [];
    if (calls.length === 0 && (typeof answer.content !== 'string' || answer.content.trim() === '')) {
      context.addIssue({ code: 'custom', path: ['content'], message: 'give a reply in content, or calls in tool_calls' });
    }
    calls.forEach((call, index) => {
      const result = validators.get(call.name)?.safeParse(call.arguments);
      if (!result || result.success) return;
      for (const issue of result.error.issues.slice(0, 3)) {
        context.addIssue({ code: 'custom', path: ['tool_calls', index, 'arguments', ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key))], message: issue.message });
      }
    });
  });
}

/** The calls of a chat task's answer; none when it is a reply. */
export function toolCallsOf(data: Record<string, unknown>): ChatToolCall[] {
  const calls = data.tool_calls;
  return Array.isArray(calls) ? (calls as ChatToolCall[]) : [];
}

/** The id a call is answered under: OpenAI's `call_…`, the same for the same run and position. */
export function toolCallId(runId: string, index: number): string {
  return `call_${createHash('sha256').update(`${runId}:${index}`).digest('hex').slice(0, 24)}`;
}
