import { z } from 'zod';
import { businessCategories } from '../../domain/agents/agent-definition.ts';
import { playbookFieldTypes } from '../../domain/playbooks/playbook-definition.ts';

export const playbookSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(businessCategories),
  fields: z.array(z.object({ key: z.string(), label: z.string(), type: z.enum(playbookFieldTypes), required: z.boolean(), options: z.array(z.string()).optional() })).describe('The inputs to send'),
  steps: z.array(z.object({ agent: z.string(), reason: z.string(), optional: z.boolean().describe('A failure of this step does not fail the run') })).describe('Agents run in this order'),
});

export const playbookParamsSchema = z.object({ playbook: z.string().min(1).max(64) });
