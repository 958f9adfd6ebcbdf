import type { Agent } from './agent.ts';

/**
 * Built once per catalog entry. A run screens under its own copy of the agent (with its policy), so the
 * copy is no key: the output schema it shares with its catalog entry is, with the instructions it was built from.
 */
const cache = new WeakMap<Agent['output'], { from: string; instructions: string }>();

/** The system instructions for a run: the agent's own instructions plus the output contract. */
export function buildInstructions(agent: Agent): string {
  const cached = cache.get(agent.output);
  if (cached?.from === agent.instructions) return cached.instructions;
  const instructions = [
    agent.instructions.trim(),
    'Answer with one JSON object and nothing else. It must match this JSON Schema:',
    JSON.stringify(agent.output),
    'Base the output on the task and on widely known facts; never present a guess as a verified fact.',
  ].join('\n\n');
  cache.set(agent.output, { from: agent.instructions, instructions });
  return instructions;
}
