import { McpError, type ReadResourceResult, type Resource, type ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../../domain/errors.ts';
import type { HttpServices } from '../http-services.ts';
import { catalogFor } from './mcp-catalog.ts';
import type { McpCaller } from './mcp-caller.ts';

export const catalogUri = 'catalog://index';
const runScheme = 'run://';
/** The most recent runs `resources/list` names; older ones are read by their URI (`run://{id}`). */
const listedRuns = 20;

export const runTemplate: ResourceTemplate = {
  uriTemplate: `${runScheme}{id}`,
  name: 'run',
  title: 'A run of yours',
  description: 'Any of your runs by id (agent or playbook), in the shape of GET /api/runs/{id}: status, result, steps.',
  mimeType: 'application/json',
};

/** The catalog, then the caller's most recent runs. */
export async function listResources(services: HttpServices, caller: McpCaller): Promise<Resource[]> {
  const { runs } = await services.runs.list(caller.account.id, { limit: listedRuns });
  return [
    { uri: catalogUri, name: 'catalog', title: 'Agents and playbooks', description: 'The agents and playbooks you can run, with their tool names', mimeType: 'application/json' },
    ...runs.map((run) => ({ uri: `${runScheme}${run.id}`, name: run.id, title: `${run.kind} ${run.agent ?? run.playbookId ?? ''} (${run.status})`, mimeType: 'application/json' })),
  ];
}

/** The catalog or one of the caller's runs; another account's run reads like one that does not exist. */
export async function readResource(services: HttpServices, caller: McpCaller, uri: string): Promise<ReadResourceResult> {
  if (uri === catalogUri) return json(uri, catalogFor(services, caller.account));
  if (uri.startsWith(runScheme)) {
    const runId = uri.slice(runScheme.length);
    try {
      const { view } = await services.runs.find(caller.account.id, runId);
      return json(uri, view);
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') throw new McpError(resourceNotFound, `Resource not found: ${uri}`, { uri });
      throw error;
    }
  }
  throw new McpError(resourceNotFound, `Resource not found: ${uri}`, { uri });
}

/** The code the MCP specification gives a resource that does not exist. */
const resourceNotFound = -32002;

function json(uri: string, value: unknown): ReadResourceResult {
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value) }] };
}
