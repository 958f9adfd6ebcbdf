import type { ZodType } from 'zod';
import type { AgentDefinition } from './agent-definition.ts';

/** A validated catalog entry with its schemas compiled. */
export interface Agent extends AgentDefinition {
  /** Names of the structured fields the agent accepts (from its input schema). */
  fieldNames: readonly string[];
  /** Validates structured fields when a prompt is present: every field optional. */
  optionalFieldsValidator: ZodType | undefined;
  /** Validates structured fields when they replace the prompt: required fields enforced. */
  requiredFieldsValidator: ZodType | undefined;
  outputValidator: ZodType;
}

export type ApiSurface = 'api' | 'v1';
