import type { ZodType } from 'zod';
import type { SafetyPolicy } from '../safety/safety-layer.ts';
import type { AgentDefinition } from './agent-definition.ts';

/**
 * A validated catalog entry with its schemas compiled. `output` is what the model is asked for;
 * `publicOutput` adds the fields the agent's tools set, and is what callers receive.
 */
export interface Agent extends AgentDefinition {
  /** Names of the structured fields the agent accepts (from its input schema). */
  fieldNames: readonly string[];
  /** Validates structured fields when a prompt is present: every field optional. */
  optionalFieldsValidator: ZodType | undefined;
  /** Validates structured fields when they replace the prompt: required fields enforced. */
  requiredFieldsValidator: ZodType | undefined;
  outputValidator: ZodType;
  publicOutput: Record<string, unknown>;
  publicOutputValidator: ZodType;
  /** Input fields that only tools read; the model's task never contains them. */
  privateFields: readonly string[];
  /** Input fields the agent's tools compute its output from, by tool (an invoice's sums from its line items). */
  computedFrom: readonly { tool: string; fields: readonly string[] }[];
  /**
   * The safety settings in force: the agent's own over the defaults; for a run, with the layer modes of
   * its caller's plan and of the service too (see resolveRun).
   */
  safetyPolicy: SafetyPolicy;
}

export type ApiSurface = 'api' | 'v1';

/** Where a run comes from: an authenticated surface, or the anonymous free tier. */
export type RunSurface = ApiSurface | 'free';

/** Anonymous callers may run only agents without side effects that need no confirmation. */
export function isFreeAgent(agent: Pick<Agent, 'readOnly' | 'requiresConfirmation'>): boolean {
  return agent.readOnly && !agent.requiresConfirmation;
}
