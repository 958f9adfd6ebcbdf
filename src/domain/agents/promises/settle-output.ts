import type { ZodType } from 'zod';
import { repairToSchema } from '../schema-repairs.ts';
import type { AgentPromise } from './agent-promise.ts';
import { keepPromises } from './keep-promises.ts';
import { isRecord } from './output-paths.ts';

/** A model's output after code mended it: usable (perhaps breaking promises code could not keep), or not. */
export type Settlement =
  | { ok: true; output: Record<string, unknown>; repaired: string[]; unmet: string[] }
  | { ok: false; problems: string[]; repaired: string[] };

/** What settling needs of an agent: its output schema and validator, and its promises. */
export interface SettledAgent {
  output: Record<string, unknown>;
  outputValidator: ZodType;
  promises: readonly AgentPromise[];
}

/** At most this many schema problems are named: enough to repair from, bounded for a huge wrong answer. */
const reportedProblems = 10;

/**
 * Settles one answer for one request: deterministic repairs to the schema first, then the agent's promises
 * for the request's fields, then validation. Only what code could not mend is left for a model to redo.
 */
export function settleOutput(agent: SettledAgent, fields: Readonly<Record<string, unknown>>, answer: unknown): Settlement {
  const schemaRepairs = repairToSchema(agent.output, answer);
  const repaired = [...schemaRepairs.repaired];
  let output = schemaRepairs.value;
  let unmet: string[] = [];
  if (isRecord(output) && agent.promises.length > 0) {
    const kept = keepPromises(agent.promises, fields, output, agent.output);
    repaired.push(...kept.repaired);
    unmet = kept.unmet;
    // A value the request gave may not fit where it is echoed (a name longer than the field): fitted again.
    const refitted = kept.repaired.length > 0 ? repairToSchema(agent.output, kept.output) : { value: kept.output, repaired: [] };
    output = refitted.value;
    repaired.push(...refitted.repaired);
  }
  const validated = agent.outputValidator.safeParse(output);
  if (!validated.success) {
    const problems = validated.error.issues.slice(0, reportedProblems).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    if (validated.error.issues.length > reportedProblems) problems.push(`and ${validated.error.issues.length - reportedProblems} more`);
    return { ok: false, problems, repaired };
  }
  return { ok: true, output: validated.data as Record<string, unknown>, repaired, unmet };
}
