import { retiredAgentsFileSchema, type RetiredAgent } from './retired-agent.ts';

/** The entries of catalog/retired-agents.yaml, or none with every schema problem added to `problems`. */
export function retiredAgentsOf(source: { origin: string; content: unknown }, problems: string[]): RetiredAgent[] {
  const parsed = retiredAgentsFileSchema.safeParse(source.content);
  if (parsed.success) return parsed.data.retired;
  for (const issue of parsed.error.issues) problems.push(`${source.origin}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  return [];
}

/**
 * What is wrong between the retired ids and the agents: a retired id that an agent or alias still answers
 * to, one listed twice, or a replacement agent that does not exist (replacement playbooks are checked by
 * the playbook catalog).
 */
export function retiredAgentProblems(retired: readonly RetiredAgent[], owners: ReadonlyMap<string, string>, agentIds: ReadonlySet<string>, origin: string): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const entry of retired) {
    const owner = owners.get(entry.id);
    if (owner) problems.push(`${origin}: "${entry.id}" is retired but ${owner} answers to it`);
    if (seen.has(entry.id)) problems.push(`${origin}: "${entry.id}" is listed twice`);
    seen.add(entry.id);
    if (entry.replacement && 'agent' in entry.replacement && !agentIds.has(entry.replacement.agent)) {
      problems.push(`${origin}: "${entry.id}": replacement agent "${entry.replacement.agent}" is not an agent id`);
    }
  }
  return problems;
}
