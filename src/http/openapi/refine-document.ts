import type { Agent } from '../../domain/agents/agent.ts';
import { z } from 'zod';
import { statusByCode } from '../errors/status-by-code.ts';
import { agentStreamEventSchema, runEventSchema } from '../schemas/event-schemas.ts';
import { agentComponents, agentInputSchema, agentRunResponseSchema } from './agent-components.ts';
import { operationFacts, securityByAccess, securitySchemes } from './operations.ts';
import { headerComponents, headerRef, headersOf } from './response-headers.ts';
import { exampleOf } from './schema-example.ts';

type JsonObject = Record<string, unknown>;
interface MediaType { schema?: JsonObject; example?: unknown; encoding?: JsonObject }
interface Response { description?: string; headers?: JsonObject; content?: Record<string, MediaType> }
interface Operation { operationId?: string; security?: unknown; responses?: Record<string, Response>; requestBody?: { content?: Record<string, MediaType> }; description?: string }
interface Document { paths?: Record<string, Record<string, Operation>>; components?: { schemas?: JsonObject; headers?: JsonObject; responses?: JsonObject; securitySchemes?: JsonObject }; [key: string]: unknown }

export interface DocumentCatalog {
  /** The agents of each surface, for the typed run responses. */
  agents: { api: readonly Agent[]; v1: readonly Agent[] };
}

const methods = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];
const agentRunOperations: Record<string, keyof DocumentCatalog['agents']> = { runAgent: 'api', runV1Agent: 'v1' };
const runEventOperations = new Set(['followRun', 'followPlaybookRun']);
const formOperations = new Set(['triggerRun', 'triggerAgentRun']);

/**
 * What the route schemas alone do not say, added to the generated document: each operation's id,
 * security and response headers (table in operations.ts), the 405 of every path, an example on every
 * response, the agents' own input and output schemas, the event streams and the form-encoded bodies.
 */
export function refineDocument(document: Document, catalog: DocumentCatalog): Document {
  const components = (document.components ??= {});
  const schemas = (components.schemas ??= {});
  Object.assign(schemas, agentComponents(catalog.agents.api, schemas.AgentRunEnvelope as JsonObject), eventComponents());
  components.headers = { ...headerComponents };
  components.securitySchemes = { ...securitySchemes };
  for (const [path, pathItem] of Object.entries(document.paths ?? {})) {
    for (const method of methods) {
      const operation = pathItem[method];
      if (!operation) continue;
      const facts = operationFacts[`${method.toUpperCase()} ${path}`];
      if (!facts) continue;
      operation.operationId = facts.id;
      operation.security = securityByAccess[facts.access];
      const responses = (operation.responses ??= {});
      const surface = agentRunOperations[facts.id];
      if (surface) typeAgentRun(operation, catalog.agents[surface]);
      if (runEventOperations.has(facts.id)) describeEventStream(responses['200'], 'RunEvent');
      if (formOperations.has(facts.id)) acceptForms(operation);
      responses['405'] ??= { description: 'The path exists, but not with this method: `Allow` lists the ones it has', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };
      for (const [status, response] of Object.entries(responses)) {
        response.headers = { ...response.headers, ...headersOf(status, facts.metering ?? 'none') };
        for (const media of Object.values(response.content ?? {})) media.example ??= exampleFor(status, media.schema, schemas);
      }
    }
  }
  dropUnusedInputVariants(document);
  return document;
}

/** The event schemas are no route's JSON body, so the generator does not list them: they are added here. */
function eventComponents(): JsonObject {
  const all = z.toJSONSchema(z.globalRegistry, { target: 'draft-2020-12', io: 'output', uri: (id) => `#/components/schemas/${id}` }).schemas;
  return Object.fromEntries(
    [runEventSchema, agentStreamEventSchema].map((schema) => {
      const id = String(z.globalRegistry.get(schema)?.id);
      const { $schema: _dialect, $id: _uri, id: _id, ...json } = all[id] as JsonObject;
      return [id, json];
    }),
  );
}

/**
 * The generator lists an `…Input` twin of every named schema for request bodies; those no request uses
 * are dropped, so the components are only what the document refers to.
 */
function dropUnusedInputVariants(document: Document): void {
  const schemas = document.components?.schemas ?? {};
  const twins = Object.keys(schemas).filter((name) => name.endsWith('Input') && name.slice(0, -'Input'.length) in schemas);
  let dropped = true;
  while (dropped) {
    dropped = false;
    const text = JSON.stringify(document);
    for (const name of twins) {
      if (name in schemas && !text.includes(`"#/components/schemas/${name}"`)) {
        delete schemas[name];
        dropped = true;
      }
    }
  }
}

function exampleFor(status: string, schema: JsonObject | undefined, schemas: JsonObject): unknown {
  const example = exampleOf(schema, schemas);
  if (schema?.$ref !== '#/components/schemas/ErrorBody') return example;
  const code = Object.entries(statusByCode).find(([, codeStatus]) => String(codeStatus) === status)?.[0] ?? 'internal';
  return { success: false, error: `An example of ${code}`, code, requestId: 'req_4f9c2a1be0d3' };
}

function typeAgentRun(operation: Operation, agents: readonly Agent[]): void {
  const ok = operation.responses?.['200'];
  if (ok?.content) {
    ok.content['application/json'] = { schema: agentRunResponseSchema(agents) };
    ok.content['text/event-stream'] = { schema: { $ref: '#/components/schemas/AgentStreamEvent' } };
    ok.headers = { 'X-Agent': headerRef('Agent'), 'X-Model': headerRef('Model') };
    ok.description = 'The run: JSON, or server-sent events (`meta`, `delta`…, then `done` or `error`) when `stream` is true or Accept is text/event-stream';
  }
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const properties = body?.properties as JsonObject | undefined;
  if (properties) properties.input = agentInputSchema(agents);
}

function describeEventStream(response: Response | undefined, eventSchema: string): void {
  if (!response) return;
  response.description = 'Server-sent events: each has `id`, `event` (its type) and a JSON `data` line';
  response.content = { 'text/event-stream': { schema: { $ref: `#/components/schemas/${eventSchema}` } } };
}

/** Trigger bodies may be form-encoded: nested fields as `inputs[niche]=…` (deepObject). */
function acceptForms(operation: Operation): void {
  const content = operation.requestBody?.content;
  const json = content?.['application/json'];
  if (!content || !json?.schema) return;
  const nested = ['params', 'input', 'inputs'];
  content['application/x-www-form-urlencoded'] = {
    schema: json.schema,
    encoding: Object.fromEntries(nested.map((name) => [name, { style: 'deepObject', explode: true }])),
  };
}
