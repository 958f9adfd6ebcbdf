import { z } from 'zod';
import { AppError } from '../errors.ts';
import { kebabCaseId } from './agent-definition.ts';

/** What to use instead of a retired id: an agent, a playbook, or an endpoint of this API. */
const replacementSchema = z.union([
  z.strictObject({ agent: kebabCaseId }),
  z.strictObject({ playbook: kebabCaseId }),
  z.strictObject({ endpoint: z.string().regex(/^(GET|POST) \/api\/[a-z0-9/{}-]*$/, 'must be "GET /api/…" or "POST /api/…"') }),
]);

/** One entry of catalog/retired-agents.yaml: an id no agent answers to, and why. */
const retiredAgentSchema = z.strictObject({
  id: kebabCaseId,
  /** Why no agent answers to the id: shown to the caller. */
  reason: z.string().min(20).max(300).regex(/[^.]$/, 'must not end with a full stop: the message adds one'),
  replacement: replacementSchema.optional(),
});

export const retiredAgentsFileSchema = z.strictObject({ retired: z.array(retiredAgentSchema).min(1) });

export type RetiredAgent = z.output<typeof retiredAgentSchema>;
export type Replacement = z.output<typeof replacementSchema>;

/** The replacement in words, for the error message and the docs (which quote ids their own way). */
export function describeReplacement(replacement: Replacement, quote: (id: string) => string = (id) => `"${id}"`): string {
  if ('agent' in replacement) return `the agent ${quote(replacement.agent)}`;
  if ('playbook' in replacement) return `the playbook ${quote(replacement.playbook)} (POST /api/playbooks/run)`;
  return replacement.endpoint;
}

/** 410 `gone`: the id was an agent of the original service and is not one here, with what to use instead. */
export function agentGone(entry: RetiredAgent): AppError {
  const instead = entry.replacement ? ` Use ${describeReplacement(entry.replacement)} instead.` : '';
  return new AppError('gone', `Agent "${entry.id}" is not offered: ${entry.reason}.${instead}`, {
    reason: entry.reason,
    ...(entry.replacement ? { replacement: entry.replacement } : {}),
  });
}
