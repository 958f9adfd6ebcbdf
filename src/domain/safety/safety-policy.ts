import { z } from 'zod';
import { piiTypes } from './layers/pii/pii-finding.ts';
import { runSafetyPolicy } from './policy-precedence.ts';
import type { PiiAction, SafetyPolicy } from './safety-layer.ts';

/**
 * What every agent does unless its catalog file says otherwise: contact details and addresses are part of
 * ordinary business work (a lead list, an email draft), so they go through and are reported; payment
 * cards, bank accounts, social security numbers and credentials are never needed by a model, so they are
 * replaced with placeholders before it sees the text. Jailbreak and content findings block, at each layer's
 * own bar, unless a policy says otherwise (see policy-precedence.ts).
 */
export const defaultSafetyPolicy: SafetyPolicy = {
  pii: { email: 'allow', phone: 'allow', ip: 'allow', card: 'redact', iban: 'redact', ssn: 'redact', secret: 'redact' },
  qualityThreshold: 0.5,
  toolInjection: 'strip',
};

const piiActionSchema = z.enum(['allow', 'redact', 'block']);

/** A detecting layer's mode and, optionally, the score (0–1) from which its findings count. */
const layerSettingsSchema = z.strictObject({
  mode: z.enum(['block', 'flag', 'off']).optional(),
  threshold: z.number().min(0).max(1).optional(),
});

/** The layer modes an agent's catalog file, a plan, or the service's configuration may set. */
export const layerModesSchema = z.strictObject({
  jailbreak: layerSettingsSchema.optional(),
  content: layerSettingsSchema.optional(),
  toolInjection: z.enum(['block', 'strip', 'flag', 'off']).optional(),
  critic: z.enum(['model', 'risk', 'rubric']).optional(),
});

/** The optional `safety` block of an agent's catalog file. */
export const agentSafetySchema = layerModesSchema.extend({
  pii: z.partialRecord(z.enum(piiTypes), piiActionSchema).optional(),
  qualityThreshold: z.number().min(0).max(1).optional(),
});

export type AgentSafetySettings = z.output<typeof agentSafetySchema>;

const strictness: Readonly<Record<PiiAction, number>> = { allow: 0, redact: 1, block: 2 };

/**
 * The policy that treats each PII type as the strictest of several does: for text that several agents
 * will read (a playbook's inputs reach each of its steps).
 */
export function strictestPolicy(policies: readonly SafetyPolicy[]): SafetyPolicy {
  if (policies.length === 0) return defaultSafetyPolicy;
  const pii: Record<string, PiiAction> = {};
  for (const policy of policies) {
    for (const [type, action] of Object.entries(policy.pii)) {
      const current = pii[type];
      if (current === undefined || strictness[action] > strictness[current]) pii[type] = action;
    }
  }
  return { ...defaultSafetyPolicy, pii };
}

/**
 * The agent's policy: its own settings over the defaults, its layer modes as if no plan or service set any.
 * A run's policy adds its plan's and the service's (see SafetyPipeline.policyFor).
 */
export function safetyPolicyFor(settings: AgentSafetySettings | undefined): SafetyPolicy {
  const own: SafetyPolicy = {
    pii: { ...defaultSafetyPolicy.pii, ...(settings?.pii as Record<string, PiiAction> | undefined) },
    qualityThreshold: settings?.qualityThreshold ?? defaultSafetyPolicy.qualityThreshold,
  };
  return runSafetyPolicy(own, { agent: settings });
}
