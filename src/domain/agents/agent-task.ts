import type { ZodType } from 'zod';
import { invalidRequest, type ValidationIssue } from '../errors.ts';
import { issuesFromZod } from '../validation-issues.ts';
import type { Agent } from './agent.ts';
import { conditionHolds } from './promises/agent-promise.ts';

/** The generic part of every agent request; agent-specific fields ride along at top level or under `input`. */
export interface AgentRunBody {
  prompt?: string | undefined;
  confirmed?: boolean | undefined;
  stream?: boolean | undefined;
  input?: Record<string, unknown> | undefined;
  /** Pin a model by registry id. */
  model?: string | undefined;
  /** Routing policy for this request, over the plan's. */
  policy?: 'quality' | 'cost' | 'latency' | 'balanced' | undefined;
  /** With a pinned model: fall back to other models when it fails. */
  fallback?: boolean | undefined;
  [field: string]: unknown;
}

/** What the agent is asked to do: the text the model sees, and the structured fields behind it. */
export interface AgentTask {
  prompt: string;
  /** Every structured field sent, private ones included (tools read them). */
  fields: Record<string, unknown>;
  /** The caller's own prompt, when there was one. */
  userPrompt: string | undefined;
}

/**
 * Builds the task from the request. `prompt` is required unless the agent declares structured fields
 * and the request sends its required ones; then the task is built from the fields.
 */
export function resolveAgentTask(agent: Agent, body: AgentRunBody): AgentTask {
  const issues = agentTaskIssues(agent, body);
  if (issues.length > 0) throw invalidRequest(issues);
  const fields = collectFields(agent, body);
  const visible = Object.fromEntries(Object.entries(fields).filter(([name]) => !agent.privateFields.includes(name)));
  if (hasPrompt(body)) return { prompt: appendFields(body.prompt as string, visible), fields, userPrompt: body.prompt as string };
  const prompt = agent.taskTemplate ? renderTemplate(agent.taskTemplate, visible) : '';
  return { prompt: appendFields(prompt || `Task for ${agent.name}.`, visible), fields, userPrompt: undefined };
}

/**
 * Everything wrong with the agent's part of a request, all of it: with a prompt, the fields sent against
 * their schema; without one, a missing prompt, or every field the agent requires that is missing or wrong.
 * Also read for a body its schema already refused, so a 400 lists both (a prompt of the wrong type
 * counts as sent: the schema reports it).
 */
export function agentTaskIssues(agent: Agent, body: AgentRunBody): ValidationIssue[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const fields = collectFields(agent, body);
  if (hasPrompt(body)) return [...fieldIssues(agent.optionalFieldsValidator, fields), ...inputRuleIssues(agent, fields)];
  if (!agent.requiredFieldsValidator || Object.keys(fields).length === 0) {
    const alternatives = agent.fieldNames.length > 0 ? ` or the agent's fields (${agent.fieldNames.join(', ')})` : '';
    return [{ path: 'prompt', message: `Required: send a prompt (1-50000 characters)${alternatives}` }];
  }
  return [...fieldIssues(agent.requiredFieldsValidator, fields), ...inputRuleIssues(agent, fields)];
}

function hasPrompt(body: AgentRunBody): boolean {
  return typeof body.prompt === 'string' ? body.prompt.trim() !== '' : body.prompt !== undefined && body.prompt !== null;
}

function collectFields(agent: Agent, body: AgentRunBody): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const nested = typeof body.input === 'object' && body.input !== null ? body.input : undefined;
  for (const name of agent.fieldNames) {
    const value = nested?.[name] ?? body[name];
    if (value !== undefined && value !== null && value !== '') fields[name] = value;
  }
  return fields;
}

function fieldIssues(validator: ZodType | undefined, fields: Record<string, unknown>): ValidationIssue[] {
  if (!validator) return [];
  const result = validator.safeParse(fields);
  return result.success ? [] : issuesFromZod(result.error);
}

/** The agent's rules that tie one field to another (learn needs three samples): each broken one. */
function inputRuleIssues(agent: Pick<Agent, 'inputRules'>, fields: Record<string, unknown>): ValidationIssue[] {
  return agent.inputRules
    .filter((rule) => {
      if (!conditionHolds(rule.when, fields)) return false;
      const value = fields[rule.require];
      return value === undefined || (rule.minItems !== undefined && (!Array.isArray(value) || value.length < rule.minItems));
    })
    .map((rule) => ({ path: rule.require, message: rule.message }));
}

function renderTemplate(template: string, fields: Record<string, unknown>): string {
  return template
    .replace(/\{\{\s*([\w-]+)\s*\}\}/g, (_match, name: string) => formatValue(fields[name]))
    .replace(/[ \t]+/g, ' ')
    .trim();
}

function appendFields(prompt: string, fields: Record<string, unknown>): string {
  const entries = Object.entries(fields);
  if (entries.length === 0) return prompt;
  const lines = entries.map(([name, value]) => `- ${name}: ${formatValue(value)}`);
  return `${prompt}\n\nDetails:\n${lines.join('\n')}`;
}

function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(formatValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
