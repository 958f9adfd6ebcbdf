import { z, type ZodType } from 'zod';
import { InvalidDataError } from '../invalid-data-error.ts';
import { matchScore, queryWords, wordsOf } from '../search/fuzzy-match.ts';
import { safetyPolicyFor } from '../safety/safety-policy.ts';
import type { JsonSchema, ToolDescriptor } from '../tools/agent-tool.ts';
import { agentDefinitionSchema, type AgentDefinition } from './agent-definition.ts';
import { jsonSchemaProblems } from './json-schema-subset.ts';
import { isFreeAgent, type Agent, type ApiSurface } from './agent.ts';
import { promiseProblems } from './promises/promise-problems.ts';
import { retiredAgentProblems, retiredAgentsOf } from './retired-agents-file.ts';
import type { RetiredAgent } from './retired-agent.ts';

/** An agent's words as search reads them: every word, and those of its id, aliases and name. */
interface SearchWords {
  all: readonly string[];
  title: readonly string[];
}

export interface AgentSource {
  /** Where the definition came from (a file name), for error messages. */
  origin: string;
  content: unknown;
}

/** Output fields the service adds itself, so an agent's schema may not declare them. */
const reservedOutputFields = ['model'];

export class AgentCatalog {
  readonly #agents: ReadonlyMap<string, Agent>;
  readonly #aliases: ReadonlyMap<string, string>;
  readonly #idsBySurface: Readonly<Record<ApiSurface | 'free', readonly string[]>>;
  readonly #retired: ReadonlyMap<string, RetiredAgent>;
  /** Each agent's words for search, made on the first search. */
  readonly #searchWords = new Map<string, SearchWords>();

  constructor(agents: readonly Agent[], retired: readonly RetiredAgent[] = []) {
    this.#agents = new Map(agents.map((agent) => [agent.id, agent]));
    this.#retired = new Map(retired.map((entry) => [entry.id, entry]));
    this.#aliases = new Map(agents.flatMap((agent) => agent.aliases.map((alias) => [alias, agent.id] as const)));
    const ids = agents.map((agent) => agent.id).sort();
    const flagged = (test: (agent: Agent) => boolean) => ids.filter((id) => test(this.#agents.get(id) as Agent));
    this.#idsBySurface = { api: ids, v1: flagged((agent) => agent.v1), free: flagged(isFreeAgent) };
  }

  /** Finds an agent by id or alias; on /api/v1 only agents flagged `v1` exist. */
  find(idOrAlias: string, surface: ApiSurface = 'api'): Agent | undefined {
    const id = this.#aliases.get(idOrAlias) ?? idOrAlias;
    const agent = this.#agents.get(id);
    if (!agent || (surface === 'v1' && !agent.v1)) return undefined;
    return agent;
  }

  /** An id no agent answers to any more, with the reason and what to use instead (410 `gone`). */
  retirement(id: string): RetiredAgent | undefined {
    return this.#retired.get(id);
  }

  /** Every retired id, in the order of catalog/retired-agents.yaml. */
  retirements(): readonly RetiredAgent[] {
    return [...this.#retired.values()];
  }

  /** Every valid id for a surface (or the agents anonymous callers may run), sorted. */
  ids(surface: ApiSurface | 'free' = 'api'): readonly string[] {
    return this.#idsBySurface[surface];
  }

  list(surface: ApiSurface = 'api'): Agent[] {
    return this.ids(surface).map((id) => this.#agents.get(id) as Agent);
  }

  /**
   * Agents of a category and/or matching every word of the search text in their id, aliases, name,
   * description or category: a whole word, the start of one, or a word with a typo or two (see
   * fuzzy-match.ts). With text, the best matches come first (then by id); without, by id.
   */
  search(filter: { surface?: ApiSurface; category?: string | undefined; text?: string | undefined }): Agent[] {
    const query = queryWords(filter.text ?? '');
    const inCategory = this.list(filter.surface).filter((agent) => !filter.category || agent.category === filter.category);
    if (query.length === 0) return inCategory;
    // Every query word must match somewhere; matching in the id, an alias or the name as well ranks higher.
    return inCategory
      .map((agent) => {
        const words = this.#wordsOf(agent);
        const score = matchScore(query, words.all);
        return { agent, score: score > 0 ? score + matchScore(query, words.title) : 0 };
      })
      .filter((entry) => entry.score > 0)
      .sort((left, right) => right.score - left.score)
      .map((entry) => entry.agent);
  }

  /** The words search reads of an agent: all of them, and those of its id, aliases and name. */
  #wordsOf(agent: Agent): SearchWords {
    let words = this.#searchWords.get(agent.id);
    if (!words) {
      const title = [...new Set(wordsOf(`${agent.id} ${agent.aliases.join(' ')} ${agent.name}`))];
      words = { all: [...new Set([...title, ...wordsOf(`${agent.category} ${agent.description}`)])], title };
      this.#searchWords.set(agent.id, words);
    }
    return words;
  }

  get size(): number {
    return this.#agents.size;
  }
}

/**
 * Validates every definition and compiles its schemas, and the retired ids (catalog/retired-agents.yaml)
 * against them; collects every problem before failing.
 */
export function buildAgentCatalog(sources: readonly AgentSource[], knownTools: ReadonlyMap<string, ToolDescriptor>, retiredSource?: AgentSource): AgentCatalog {
  const problems: string[] = [];
  const agents: Agent[] = [];
  const owners = new Map<string, string>();

  for (const source of sources) {
    const parsed = agentDefinitionSchema.safeParse(source.content);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push(`${source.origin}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
      }
      continue;
    }
    const definition = parsed.data;
    for (const name of [definition.id, ...definition.aliases]) {
      const owner = owners.get(name);
      if (owner) problems.push(`${source.origin}: id or alias "${name}" is already used by ${owner}`);
      else owners.set(name, source.origin);
    }
    const tools: ToolDescriptor[] = [];
    for (const name of definition.tools) {
      const tool = knownTools.get(name);
      if (tool) tools.push(tool);
      else problems.push(`${source.origin}: tool "${name}" does not exist`);
    }
    const compiled = compileAgent(definition, tools, (message) => problems.push(`${source.origin}: ${message}`));
    if (compiled) agents.push(compiled);
  }

  if (sources.length === 0) problems.push('no agent definitions were found');
  const retired = retiredSource ? retiredAgentsOf(retiredSource, problems) : [];
  problems.push(...retiredAgentProblems(retired, owners, new Set(agents.map((agent) => agent.id)), retiredSource?.origin ?? ''));
  if (problems.length > 0) throw new InvalidDataError('The agent catalog', problems);
  return new AgentCatalog(agents, retired);
}

function compileAgent(definition: AgentDefinition, tools: readonly ToolDescriptor[], report: (message: string) => void): Agent | undefined {
  let valid = true;
  const fail = (message: string): undefined => {
    valid = false;
    report(message);
    return undefined;
  };

  const outputProperties = Object.keys(definition.output.properties as Record<string, unknown>);
  for (const field of reservedOutputFields) {
    if (outputProperties.includes(field)) fail(`output schema must not declare "${field}": the service adds it`);
  }
  checkNoNullValues(definition.output, 'output', fail);
  checkCompiles(definition.output, 'output schema', fail);

  let fieldNames: string[] = [];
  let optionalFieldsSchema: JsonSchema | undefined;
  if (definition.input) {
    fieldNames = Object.keys(definition.input.properties as Record<string, unknown>);
    if (fieldNames.length === 0) fail('input schema declares no properties');
    for (const reserved of ['prompt', 'confirmed', 'stream', 'input']) {
      if (fieldNames.includes(reserved)) fail(`input schema must not declare "${reserved}": it is part of every request`);
    }
    checkNoNullValues(definition.input, 'input', fail);
    checkCompiles(definition.input, 'input schema', fail);
    const { required: _required, ...withoutRequired } = definition.input;
    optionalFieldsSchema = withoutRequired;
  }
  if (definition.taskTemplate) {
    for (const placeholder of definition.taskTemplate.matchAll(/\{\{\s*([\w-]+)\s*\}\}/g)) {
      const name = placeholder[1] as string;
      if (!fieldNames.includes(name)) fail(`taskTemplate refers to "${name}", which is not an input field`);
    }
  }

  for (const problem of promiseProblems(definition.promises, definition.input, definition.output)) fail(problem);
  for (const name of Object.keys(definition.unpromised)) if (!fieldNames.includes(name)) fail(`unpromised names "${name}", which the input schema does not declare`);
  for (const rule of definition.inputRules) {
    for (const name of [rule.require, ...Object.keys(rule.when)]) if (!fieldNames.includes(name)) fail(`an input rule refers to "${name}", which the input schema does not declare`);
  }

  const computedFrom = tools.flatMap((tool) => (tool.computesFrom?.length ? [{ tool: tool.name, fields: tool.computesFrom }] : []));
  for (const field of computedFrom.flatMap((entry) => entry.fields)) {
    if (!fieldNames.includes(field)) fail(`a tool computes from the input field "${field}", which the input schema does not declare`);
  }
  const privateFields = tools.flatMap((tool) => tool.privateFields ?? []);
  for (const field of privateFields) {
    if (!fieldNames.includes(field)) fail(`a tool reads the input field "${field}", which the input schema does not declare`);
  }
  // Tools' own schemas are code, checked once in tool-registry.test.ts rather than per agent here.
  const publicOutput = withToolFields(definition.output, tools, fail);

  if (!valid) return undefined;
  const input = definition.input;
  // Validators are compiled when an agent is first run: most processes run a few agents of a large
  // catalog, and compiled schemas are the bulk of the catalog's memory.
  const outputValidator = lazily(() => compile(definition.output));
  const publicOutputValidator = lazily(() => compile(publicOutput));
  const requiredFieldsValidator = input ? lazily(() => compile(input)) : undefined;
  const optionalFieldsValidator = optionalFieldsSchema ? lazily(() => compile(optionalFieldsSchema)) : undefined;
  return Object.defineProperties(
    { ...definition, fieldNames, publicOutput, privateFields, computedFrom, safetyPolicy: safetyPolicyFor(definition.safety) },
    {
      outputValidator: { get: outputValidator, enumerable: true },
      publicOutputValidator: { get: publicOutputValidator, enumerable: true },
      requiredFieldsValidator: { get: () => requiredFieldsValidator?.(), enumerable: true },
      optionalFieldsValidator: { get: () => optionalFieldsValidator?.(), enumerable: true },
    },
  ) as unknown as Agent;
}

function lazily<Value>(create: () => Value): () => Value {
  let value: Value | undefined;
  return () => (value ??= create());
}

function compile(schema: Record<string, unknown>): ZodType {
  return z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
}

/** Checks a schema against the subset catalog schemas use, without building the validator. */
function checkCompiles(schema: Record<string, unknown>, label: string, fail: (message: string) => undefined): void {
  for (const problem of jsonSchemaProblems(schema, label)) fail(problem);
}

/** The schema callers receive: the model's output plus every field the agent's tools set. */
function withToolFields(output: JsonSchema, tools: readonly ToolDescriptor[], fail: (message: string) => undefined): JsonSchema {
  const properties = { ...(output.properties as Record<string, JsonSchema>) };
  const required = Array.isArray(output.required) ? [...(output.required as string[])] : [];
  for (const tool of tools) {
    for (const [name, schema] of Object.entries(tool.outputFields ?? {})) {
      if (name in properties) fail(`output schema declares "${name}", which tool "${tool.name}" sets itself`);
      properties[name] = schema;
    }
    for (const [name, schema] of Object.entries(tool.refinedFields ?? {})) {
      if (!(name in properties)) fail(`tool "${tool.name}" refines "${name}", which the output schema does not declare`);
      properties[name] = schema;
    }
    required.push(...(tool.requiredOutputFields ?? []));
  }
  return { ...output, properties, ...(required.length > 0 ? { required } : {}) };
}


/** A null inside a schema is almost always a YAML slip (an unquoted comma in `{ … }` makes a stray key). */
function checkNoNullValues(value: unknown, path: string, fail: (message: string) => undefined): void {
  if (value === null) {
    fail(`${path} is null in the schema (quote text that contains a comma inside { … })`);
    return;
  }
  if (typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    // These keywords hold data, where null is a legitimate value.
    if (!['const', 'enum', 'default', 'examples'].includes(key)) checkNoNullValues(child, `${path}.${key}`, fail);
  }
}
