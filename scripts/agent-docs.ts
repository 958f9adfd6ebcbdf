import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readYamlFile, readYamlFolder } from '../src/adapters/catalog/yaml-files.ts';
import { packageRoot } from '../src/config/load-config.ts';
import { businessCategories } from '../src/domain/agents/agent-definition.ts';
import { buildAgentCatalog, type AgentCatalog } from '../src/domain/agents/agent-catalog.ts';
import { toolDescriptorMap } from '../src/domain/tools/tool-registry.ts';
import { originalIdRows } from './original-agent-ids.ts';

export const agentDocsPath = join(packageRoot, 'docs/agents.md');

export function loadCatalogFiles(): AgentCatalog {
  return buildAgentCatalog(
    readYamlFolder(join(packageRoot, 'catalog/agents')),
    toolDescriptorMap(),
    readYamlFile(join(packageRoot, 'catalog/retired-agents.yaml')),
  );
}

/** The agent ids clients of the original service send, from catalog/original-service-agent-ids.txt. */
export function loadOriginalAgentIds(): string[] {
  return readFileSync(join(packageRoot, 'catalog/original-service-agent-ids.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** docs/agents.md, generated from the catalog so it cannot drift from it. */
export function renderAgentDocs(catalog: AgentCatalog, originalIds: readonly string[]): string {
  const lines = [
    '# Agents',
    '',
    '<!-- Generated from catalog/agents, catalog/retired-agents.yaml and catalog/original-service-agent-ids.txt by `npm run docs:agents`; edit those files, not this page. -->',
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
      lines.push(`| \`${agent.id}\`${aliases} | ${agent.name} | ${cell(agent.description)} | ${flags.join(', ')} |`);
    }
    lines.push('');
  }
  lines.push(...originalIdsSection(catalog, originalIds));
  return `${lines.join('\n').trimEnd()}\n`;
}

/** What each id of the original service is here: an agent, an alias of one, or 410 `gone` and why. */
function originalIdsSection(catalog: AgentCatalog, originalIds: readonly string[]): string[] {
  const rows = originalIdRows(catalog, originalIds);
  const count = (kind: string) => rows.filter((row) => row.kind === kind).length;
  return [
    '## Ids of the original service',
    '',
    `Clients of the original service send ${rows.length} agent ids (\`catalog/original-service-agent-ids.txt\`): here ${count('agent')} are`,
    `agents, ${count('alias')} are aliases of the agent that does the same task, and ${count('gone')} answer 410 \`gone\` on every agent route with`,
    'the reason and, where one exists, what to use instead (`catalog/retired-agents.yaml`,',
    '[decision 0054](decisions/0054-retired-agent-ids.md)).',
    '',
    '| original id | here |',
    '|---|---|',
    ...rows.map((row) => `| \`${row.id}\` | ${cell(row.answer)} |`),
    '',
  ];
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|');
}
