import type { Agent } from '../agent.ts';

/** Request keys that steer the run rather than describe the task: no model ever sees them. */
export const controlKeys = ['model', 'policy', 'stream', 'confirmed', 'fallback'];

/** Keyed by the field list a run's copy of the agent shares with its catalog entry (the copy itself is new each run). */
const unscanned = new WeakMap<Agent['privateFields'], ReadonlySet<string>>();

/** What the input layers skip for an agent: control keys, and the fields only its tools read, wherever sent. */
export function unscannedPaths(agent: Agent): ReadonlySet<string> {
  let paths = unscanned.get(agent.privateFields);
  if (!paths) {
    paths = new Set([...controlKeys, ...agent.privateFields, ...agent.privateFields.map((field) => `input.${field}`)]);
    unscanned.set(agent.privateFields, paths);
  }
  return paths;
}
