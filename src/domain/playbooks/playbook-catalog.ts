import type { AgentCatalog } from '../agents/agent-catalog.ts';
import { InvalidDataError } from '../invalid-data-error.ts';
import { playbookDefinitionSchema, type PlaybookDefinition } from './playbook-definition.ts';
import { templateReferences } from './playbook-templates.ts';

export interface PlaybookSource {
  /** Where the definition came from (a file name), for error messages. */
  origin: string;
  content: unknown;
}

/** A validated playbook: its steps name agents by their canonical id. */
export type Playbook = PlaybookDefinition;

export class PlaybookCatalog {
  readonly #playbooks: ReadonlyMap<string, Playbook>;

  constructor(playbooks: readonly Playbook[]) {
    this.#playbooks = new Map([...playbooks].sort((a, b) => a.id.localeCompare(b.id)).map((playbook) => [playbook.id, playbook]));
  }

  find(id: string): Playbook | undefined {
    return this.#playbooks.get(id);
  }

  ids(): string[] {
    return [...this.#playbooks.keys()];
  }

  list(): Playbook[] {
    return [...this.#playbooks.values()];
  }

  get size(): number {
    return this.#playbooks.size;
  }
}

/**
 * Validates every playbook against the agent catalog: each step names an existing agent (an alias becomes
 * the canonical id), every template refers to a declared input or an earlier step, ids and input keys are
 * unique, and every playbook a retired agent id points to exists. Collects every problem before failing.
 */
export function buildPlaybookCatalog(sources: readonly PlaybookSource[], agents: AgentCatalog): PlaybookCatalog {
  const problems: string[] = [];
  const playbooks: Playbook[] = [];
  const owners = new Map<string, string>();
  for (const source of sources) {
    const parsed = playbookDefinitionSchema.safeParse(source.content);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${source.origin}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
      continue;
    }
    const playbook = parsed.data;
    const fail = (message: string) => problems.push(`${source.origin}: ${message}`);
    const owner = owners.get(playbook.id);
    if (owner) fail(`id "${playbook.id}" is already used by ${owner}`);
    owners.set(playbook.id, source.origin);

    const keys = playbook.fields.map((field) => field.key);
    for (const key of new Set(keys.filter((key, index) => keys.indexOf(key) !== index))) fail(`input "${key}" is declared twice`);
    const steps = playbook.steps.map((step, index) => {
      const agent = agents.find(step.agent);
      if (!agent) fail(`steps.${index}.agent: no agent "${step.agent}" in the catalog`);
      for (const reference of templateReferences(step.prompt)) {
        if (reference.kind === 'unknown') fail(`steps.${index}.prompt: "{{${reference.text}}}" is not {{inputs.<key>}} or {{steps.<N>.output}}`);
        if (reference.kind === 'input' && !keys.includes(reference.key)) fail(`steps.${index}.prompt: input "${reference.key}" is not one of the playbook's fields`);
        if (reference.kind === 'step' && reference.index >= index) fail(`steps.${index}.prompt: steps.${reference.index} is not an earlier step (steps count from 0)`);
      }
      return { ...step, agent: agent?.id ?? step.agent };
    });
    playbooks.push({ ...playbook, steps });
  }
  const ids = new Set(playbooks.map((playbook) => playbook.id));
  for (const entry of agents.retirements()) {
    if (entry.replacement && 'playbook' in entry.replacement && !ids.has(entry.replacement.playbook)) {
      problems.push(`retired agent "${entry.id}": replacement playbook "${entry.replacement.playbook}" does not exist`);
    }
  }
  if (problems.length > 0) throw new InvalidDataError('The playbook catalog', problems);
  return new PlaybookCatalog(playbooks);
}
