import type { Agent } from '../agent.ts';
import type { AgentPromise } from './agent-promise.ts';

/** A promise in words, for the catalog's documentation and an agent's description over the API. */
export function describePromise(promise: AgentPromise): string {
  if ('equal' in promise) return `\`${promise.equal}\` is the request's \`${promise.to}\``;
  if ('count' in promise) {
    if ('atMost' in promise) return `\`${promise.count}\` has at most \`${promise.atMost}\` items`;
    return `\`${promise.count}\` has exactly \`${promise.to}\` items${promise.default !== undefined ? ` (${promise.default} when not given)` : ''}`;
  }
  if ('sum' in promise) {
    const total = 'to' in promise ? (typeof promise.to === 'number' ? String(promise.to) : `the request's \`${promise.to}\``) : `at most the request's \`${promise.atMost}\``;
    return `\`${promise.sum}[].${promise.of}\` add up to ${total}`;
  }
  if ('words' in promise) return `\`${promise.words}${promise.field ? `[].${promise.field}` : ''}\` has at most \`${promise.atMost}\` words`;
  if ('order' in promise) {
    const parts = [promise.by ? `sorted by \`${promise.by}\`` : '', promise.number ? `\`${promise.number}\` counting 1, 2, 3` : ''].filter(Boolean);
    return `\`${promise.order}\` ${parts.join(', ')}`;
  }
  if ('within' in promise) return `\`${promise.within}${promise.field ? `[].${promise.field}` : ''}\` names only what the request's \`${promise.of}\` contains`;
  if ('require' in promise) {
    const condition = Object.entries(promise.when).map(([name, value]) => `\`${name}\` is \`${String(value)}\``);
    return `\`${promise.require}\` is given when ${condition.join(' and ')}`;
  }
  return `${promise.in.map((path) => `\`${path}\``).join(' or ')} mentions the request's \`${promise.mentions}\``;
}

/** Everything an agent's output is held to for a request's fields, in words: its promises, then what its tools compute from. */
export function describeAgentPromises(agent: Pick<Agent, 'promises' | 'computedFrom'>): string[] {
  const computed = agent.computedFrom.map(({ tool, fields }) => `the \`${tool}\` tool computes from ${fields.map((field) => `\`${field}\``).join(', ')}`);
  return [...agent.promises.map(describePromise), ...computed];
}
