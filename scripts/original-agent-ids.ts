import type { AgentCatalog } from '../src/domain/agents/agent-catalog.ts';
import { describeReplacement } from '../src/domain/agents/retired-agent.ts';

export interface OriginalIdRow {
  id: string;
  /** `unknown`: the id resolves to nothing, which test/catalog forbids. */
  kind: 'agent' | 'alias' | 'gone' | 'unknown';
  /** What a client sending the id gets, in words. */
  answer: string;
}

/** How each id of the original service resolves in the catalog. */
export function originalIdRows(catalog: AgentCatalog, originalIds: readonly string[]): OriginalIdRow[] {
  return originalIds.map((id): OriginalIdRow => {
    const agent = catalog.find(id);
    if (agent?.id === id) return { id, kind: 'agent', answer: 'agent' };
    if (agent) return { id, kind: 'alias', answer: `alias of \`${agent.id}\`` };
    const retired = catalog.retirement(id);
    if (!retired) return { id, kind: 'unknown', answer: '404 (no decision)' };
    const instead = retired.replacement ? `. Instead: ${describeReplacement(retired.replacement, (name) => `\`${name}\``)}` : '';
    return { id, kind: 'gone', answer: `410: ${retired.reason}${instead}` };
  });
}
