import { z } from 'zod';
import { businessCategories } from '../agents/agent-definition.ts';

const kebabCaseId = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be kebab-case (lowercase letters, digits and single hyphens)')
  .max(64);

export const playbookFieldTypes = ['text', 'textarea', 'url', 'number', 'select', 'boolean'] as const;

/** One input a playbook asks for; `select` fields list their options. */
export const playbookFieldSchema = z
  .strictObject({
    key: z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'must start with a letter and hold letters, digits and underscores').max(64),
    label: z.string().min(1).max(80),
    type: z.enum(playbookFieldTypes),
    required: z.boolean(),
    options: z.array(z.string().min(1)).min(1).optional(),
  })
  .refine((field) => (field.type === 'select') === (field.options !== undefined), { message: 'select fields need options, and only they may have them', path: ['options'] });

/** One step: an agent, why it runs, and the task it is given (templates `{{inputs.key}}`, `{{steps.N.output}}`). */
export const playbookStepSchema = z.strictObject({
  agent: kebabCaseId,
  reason: z.string().min(10).max(200),
  prompt: z.string().min(10).max(4000),
  /** A failure of this step does not fail the run; the steps after it still run. */
  optional: z.boolean().default(false),
});

/** The shape of one playbook data file in catalog/playbooks/. */
export const playbookDefinitionSchema = z.strictObject({
  id: kebabCaseId,
  name: z.string().min(3).max(80),
  description: z.string().min(20).max(400),
  category: z.enum(businessCategories),
  fields: z.array(playbookFieldSchema).max(20),
  steps: z.array(playbookStepSchema).min(1).max(10),
});

export type PlaybookDefinition = z.output<typeof playbookDefinitionSchema>;
export type PlaybookField = PlaybookDefinition['fields'][number];
export type PlaybookStep = PlaybookDefinition['steps'][number];
