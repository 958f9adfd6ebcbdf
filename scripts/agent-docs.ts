import { join } from 'node:path';
import { readYamlFolder } from '../src/adapters/catalog/yaml-files.ts';
import { packageRoot } from '../src/config/load-config.ts';
import { businessCategories } from '../src/domain/agents/agent-definition.ts';
import { buildAgentCatalog, type AgentCatalog } from '../src/domain/agents/agent-catalog.ts';
import { toolDescriptorMap } from '../src/domain/tools/tool-registry.ts';

export const agentDocsPath = join(packageRoot, 'docs/agents.md');

export function loadCatalogFiles(): AgentCatalog {
  return buildAgentCatalog(readYamlFolder(join(packageRoot, 'catalog/agents')), toolDescriptorMap());
}

/** docs/agents.md, generated from the catalog so it cannot drift from it. */
export function renderAgentDocs(catalog: AgentCatalog): string {
  const lines = [
    '# Agents',
    '',
    '<!-- Generated from catalog/agents by `npm run docs:agents`; edit the YAML files, not this page. -->',
    '',
    `${catalog.size} agents. Flags: **confirm** = needs \`confirmed: true\` on /api; **read-only** = no side effects;`,
    '**v1** = also on /api/v1. `GET /api/agents/{id}` gives each agent’s input and output JSON Schemas.',
    '',
  ];
  for (const category of businessCategories) {
    const agents = catalog.search({ category });
    if (agents.length === 0) continue;
    lines.push(`## ${category[0]?.toUpperCase()}${category.slice(1)}`, '', '| id | name | what it does | flags |', '|---|---|---|---|');
    for (const agent of agents) {
      const flags = [agent.readOnly ? 'read-only' : '', agent.requiresConfirmation ? 'confirm' : '', agent.v1 ? 'v1' : ''].filter(Boolean);
      const aliases = agent.aliases.length > 0 ? ` (alias ${agent.aliases.map((alias) => `\`${alias}\``).join(', ')})` : '';
      lines.push(`| \`${agent.id}\`${aliases} | ${agent.name} | ${agent.description.replaceAll('|', '\\|')} | ${flags.join(', ')} |`);
    }
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
