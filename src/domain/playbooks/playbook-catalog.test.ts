import { describe, expect, it } from 'vitest';
import { finderAgent, fixtureCatalog } from '../../../test/support/agent-fixtures.ts';
import { buildAgentCatalog } from '../agents/agent-catalog.ts';
import { InvalidDataError } from '../invalid-data-error.ts';
import { buildPlaybookCatalog } from './playbook-catalog.ts';
import { renderTemplate, templateReferences } from './playbook-templates.ts';

function playbook(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'research-brief',
    name: 'Research brief',
    description: 'Finds companies in a niche, then summarises what was found.',
    category: 'research',
    fields: [
      { key: 'niche', label: 'Niche', type: 'text', required: true },
      { key: 'depth', label: 'Depth', type: 'select', required: false, options: ['short', 'long'] },
    ],
    steps: [
      { agent: 'finder', reason: 'Find the companies first.', prompt: 'Find companies in {{inputs.niche}}.' },
      { agent: 'tldr', reason: 'Summarise the findings.', prompt: 'Summarise ({{ inputs.depth }}): {{steps.0.output}}' },
    ],
    ...overrides,
  };
}

function problemsOf(content: Record<string, unknown>): string[] {
  try {
    buildPlaybookCatalog([{ origin: 'p.yaml', content }], fixtureCatalog());
  } catch (error) {
    if (error instanceof InvalidDataError) return [...error.problems];
    throw error;
  }
  return [];
}

describe('playbook catalog', () => {
  it('loads a valid playbook and names its agents by their canonical ids', () => {
    const catalog = buildPlaybookCatalog([{ origin: 'p.yaml', content: playbook() }], fixtureCatalog());
    expect(catalog.ids()).toEqual(['research-brief']);
    expect(catalog.find('research-brief')?.steps.map((step) => step.agent)).toEqual(['finder', 'summarize']);
    expect(catalog.find('research-brief')?.steps[1]?.optional).toBe(false);
  });

  it('refuses unknown agents, unknown inputs, later or same steps and other placeholders, listing every problem', () => {
    const steps = [
      { agent: 'nobody', reason: 'No such agent here.', prompt: 'Do {{inputs.niche}} and {{inputs.missing}}.' },
      { agent: 'finder', reason: 'Refers to itself.', prompt: 'Use {{steps.1.output}} and {{steps.2.output}} and {{whatever}}.' },
    ];
    expect(problemsOf(playbook({ steps }))).toEqual([
      'p.yaml: steps.0.agent: no agent "nobody" in the catalog',
      'p.yaml: steps.0.prompt: input "missing" is not one of the playbook\'s fields',
      'p.yaml: steps.1.prompt: steps.1 is not an earlier step (steps count from 0)',
      'p.yaml: steps.1.prompt: steps.2 is not an earlier step (steps count from 0)',
      'p.yaml: steps.1.prompt: "{{whatever}}" is not {{inputs.<key>}} or {{steps.<N>.output}}',
    ]);
  });

  it('refuses a retired agent id that points to a playbook it does not hold', () => {
    const retired = { retired: [{ id: 'ghost', reason: 'a playbook now, not one agent', replacement: { playbook: 'research-brief' } }, { id: 'fleet', reason: 'a playbook that was never written', replacement: { playbook: 'fleet' } }] };
    const agents = buildAgentCatalog([{ origin: 'finder.yaml', content: finderAgent() }, { origin: 'tldr.yaml', content: finderAgent({ id: 'summarize', aliases: ['tldr'] }) }], new Map(), { origin: 'retired-agents.yaml', content: retired });
    expect(() => buildPlaybookCatalog([{ origin: 'p.yaml', content: playbook() }], agents)).toThrow('retired agent "fleet": replacement playbook "fleet" does not exist');
    expect(buildPlaybookCatalog([{ origin: 'p.yaml', content: playbook() }, { origin: 'f.yaml', content: playbook({ id: 'fleet' }) }], agents).ids()).toEqual(['fleet', 'research-brief']);
  });

  it('refuses select fields without options, options on other fields, duplicate keys and duplicate ids', () => {
    const fields = [
      { key: 'niche', label: 'Niche', type: 'select', required: true },
      { key: 'niche', label: 'Again', type: 'text', required: false, options: ['a'] },
    ];
    expect(problemsOf(playbook({ fields }))).toEqual(['p.yaml: fields.0.options: select fields need options, and only they may have them', 'p.yaml: fields.1.options: select fields need options, and only they may have them']);
    expect(() => buildPlaybookCatalog([{ origin: 'a.yaml', content: playbook() }, { origin: 'b.yaml', content: playbook() }], fixtureCatalog())).toThrow('id "research-brief" is already used by a.yaml');
  });
});

describe('playbook templates', () => {
  it('reads references, and fills them 0-based, a missing input becoming empty text', () => {
    expect(templateReferences('{{inputs.a}} {{ steps.0.output }} {{x}}')).toEqual([{ kind: 'input', key: 'a' }, { kind: 'step', index: 0 }, { kind: 'unknown', text: 'x' }]);
    expect(renderTemplate('A {{inputs.a}}|{{inputs.b}}| B {{steps.0.output}} C {{steps.1.output}}', { inputs: { a: ['x', 'y'] }, stepOutputs: ['first', 'second'] })).toBe('A x, y|| B first C second');
  });
});
