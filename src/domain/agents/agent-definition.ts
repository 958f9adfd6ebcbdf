import { z } from 'zod';
import { agentSafetySchema } from '../safety/safety-policy.ts';
import { agentPromiseSchema } from './promises/agent-promise.ts';

/** What kind of work an agent does; the router picks models by it. */
export const taskCategories = [
  'writing',
  'analysis',
  'extraction',
  'reasoning',
  'conversation',
  'code',
  'translation',
  'summarization',
  'research',
  'classification',
] as const;
export type TaskCategory = (typeof taskCategories)[number];

/** The business area an agent serves; used for browsing and filtering the catalog. */
export const businessCategories = [
  'sales',
  'marketing',
  'content',
  'seo',
  'research',
  'support',
  'operations',
  'finance',
  'legal',
  'hr',
  'product',
  'engineering',
  'data',
  'general',
] as const;
export type BusinessCategory = (typeof businessCategories)[number];

export const kebabCaseId = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be kebab-case (lowercase letters, digits and single hyphens)')
  .max(64);

/** A JSON Schema describing an object; compiled and checked when the catalog loads. */
const objectJsonSchema = z
  .looseObject({ type: z.literal('object'), properties: z.record(z.string(), z.unknown()) })
  .transform((schema) => schema as Record<string, unknown>);

/** The shape of one agent data file in catalog/agents/. */
export const agentDefinitionSchema = z.strictObject({
  id: kebabCaseId,
  name: z.string().min(3).max(80),
  category: z.enum(businessCategories),
  taskCategory: z.enum(taskCategories),
  description: z.string().min(20).max(400),
  readOnly: z.boolean(),
  requiresConfirmation: z.boolean(),
  v1: z.boolean().default(false),
  aliases: z.array(kebabCaseId).default([]),
  instructions: z.string().min(80),
  /** Builds the task from structured fields when the request sends no prompt: `{{field}}` placeholders. */
  taskTemplate: z.string().min(10).optional(),
  input: objectJsonSchema.optional(),
  output: objectJsonSchema,
  /** Named tools or post-processors the agent uses; each must exist in the tool registry. */
  tools: z.array(kebabCaseId).default([]),
  /** Rules on the input a schema cannot state: a field required, with a least number of items, when another has a value. */
  inputRules: z
    .array(
      z.strictObject({
        when: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
        require: z.string(),
        minItems: z.int().min(1).optional(),
        message: z.string().min(10).max(300),
      }),
    )
    .default([]),
  /** What the output promises about the request's fields, kept by code after the model answers (docs/agents.md). */
  promises: z.array(agentPromiseSchema).default([]),
  /** Input fields code can check (numbers, flags, choices) that no promise covers, each with why: the decision is on record. */
  unpromised: z.record(z.string(), z.string().min(10).max(300)).default({}),
  /** The agent's own safety settings over the defaults: PII action per type, quality threshold, layer modes and thresholds (docs/safety.md). */
  safety: agentSafetySchema.optional(),
});

export type AgentDefinition = z.output<typeof agentDefinitionSchema>;
