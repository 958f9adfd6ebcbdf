import type { Agent } from './agent.ts';

const cache = new WeakMap<Agent, string>();

/** The system instructions for a run: the agent's own instructions plus the output contract. */
export function buildInstructions(agent: Agent): string {
  let instructions = cache.get(agent);
  if (instructions === undefined) {
    instructions = [
      agent.instructions.trim(),
      'Answer with one JSON object and nothing else. It must match this JSON Schema:',
      JSON.stringify(agent.output),
      'Base the output on the task and on widely known facts; never present a guess as a verified fact.',
    ].join('\n\n');
    cache.set(agent, instructions);
  }
  return instructions;
}
