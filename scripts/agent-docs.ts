import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readYamlFile, readYamlFolder } from '../src/adapters/catalog/yaml-files.ts';
import { packageRoot } from '../src/config/load-config.ts';
import { businessCategories } from '../src/domain/agents/agent-definition.ts';
import { buildAgentCatalog, type AgentCatalog } from '../src/domain/agents/agent-catalog.ts';
import { describeAgentPromises } from '../src/domain/agents/promises/describe-promise.ts';
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
  lines.push(...promiseSection(catalog), ...originalIdsSection(catalog, originalIds));
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

/** What each agent's output promises about the fields of a request, and the checkable fields no promise covers. */
function promiseSection(catalog: AgentCatalog): string[] {
  const lines = [
    '## Promises to the request',
    '',
    'When a request sends structured fields, the output honours them wherever code can decide it. Each promise',
    'below is written into the output schema the model is asked for (a value to echo becomes its only allowed',
    'value, a count the bounds of the list), then kept by code after the model answers: echoed values set,',
    'items over a count cut, sequences sorted and numbered, names not found in the input removed, numbers that',
    'must add up to a total (agenda minutes, budget lines) scaled to it, texts cut to a word limit. Before that,',
    'code mends what the schema alone decides (text cut between words to its length, a slug made from its',
    'words, an enum in the wrong case, a date written another way, a number brought into its range). What code',
    'cannot mend (too few items, a name not mentioned, a part left out) is asked of the model again, once per',
    'run; if that does no better the answer is returned with what it breaks in `meta.attempts[].unmet` (a run',
    'stops after three answers that do not fit their schema at all). Every repair by code is listed',
    'in `meta.attempts[].repaired`. A request with its own `prompt` is held to the fields it sends, but not to a',
    "promise's default. Some agents' tools compute the output from fields themselves (an invoice's sums from its",
    'line items); those fields are named with the tool. Fields marked *not promised* are numbers, flags or choices',
    'code cannot check, with why.',
    '',
    '| agent | promises | not promised |',
    '|---|---|---|',
  ];
  for (const agent of catalog.list()) {
    const promises = describeAgentPromises(agent);
    const unpromised = Object.entries(agent.unpromised).map(([field, reason]) => `\`${field}\`: ${reason}`);
    if (promises.length === 0 && unpromised.length === 0) continue;
    lines.push(`| \`${agent.id}\` | ${cell(promises.join('; '))} | ${cell(unpromised.join('; '))} |`);
  }
  lines.push('');
  return lines;
}
