import type { ZodType } from 'zod';
import { invalidRequest, type ValidationIssue } from '../errors.ts';
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
  const fields = collectFields(agent, body);
  const userPrompt = body.prompt?.trim() ? body.prompt : undefined;

  const visible = Object.fromEntries(Object.entries(fields).filter(([name]) => !agent.privateFields.includes(name)));
  if (userPrompt !== undefined) {
    validateFields(agent.optionalFieldsValidator, fields);
    checkInputRules(agent, fields);
    return { prompt: appendFields(userPrompt, visible), fields, userPrompt };
  }

  if (!agent.requiredFieldsValidator || Object.keys(fields).length === 0) {
    const alternatives = agent.fieldNames.length > 0 ? ` or the agent's fields (${agent.fieldNames.join(', ')})` : '';
    throw invalidRequest([{ path: 'prompt', message: `Required: send a prompt (1-50000 characters)${alternatives}` }]);
  }
  validateFields(agent.requiredFieldsValidator, fields);
  checkInputRules(agent, fields);
  const prompt = agent.taskTemplate ? renderTemplate(agent.taskTemplate, visible) : '';
  return { prompt: appendFields(prompt || `Task for ${agent.name}.`, visible), fields, userPrompt: undefined };
}

function collectFields(agent: Agent, body: AgentRunBody): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const name of agent.fieldNames) {
    const value = body.input?.[name] ?? body[name];
    if (value !== undefined && value !== null && value !== '') fields[name] = value;
  }
  return fields;
}

function validateFields(validator: ZodType | undefined, fields: Record<string, unknown>): void {
  if (!validator) return;
  const result = validator.safeParse(fields);
  if (result.success) return;
  const issues: ValidationIssue[] = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw invalidRequest(issues);
}

/** The agent's rules that tie one field to another (learn needs three samples), each broken one reported. */
function checkInputRules(agent: Pick<Agent, 'inputRules'>, fields: Record<string, unknown>): void {
  const issues: ValidationIssue[] = [];
  for (const rule of agent.inputRules) {
    if (!conditionHolds(rule.when, fields)) continue;
    const value = fields[rule.require];
    const broken = value === undefined || (rule.minItems !== undefined && (!Array.isArray(value) || value.length < rule.minItems));
    if (broken) issues.push({ path: rule.require, message: rule.message });
  }
  if (issues.length > 0) throw invalidRequest(issues);
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
