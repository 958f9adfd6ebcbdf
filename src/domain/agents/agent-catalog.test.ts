import { describe, expect, it } from 'vitest';
import { finderAgent, fixtureCatalog } from '../../../test/support/agent-fixtures.ts';
import { InvalidDataError } from '../invalid-data-error.ts';
import { buildAgentCatalog } from './agent-catalog.ts';

function problemsOf(sources: { origin: string; content: unknown }[], tools: string[] = []): readonly string[] {
  try {
    buildAgentCatalog(sources, new Map(tools.map((name) => [name, { name, description: name }])));
  } catch (error) {
    if (error instanceof InvalidDataError) return error.problems;
    throw error;
  }
  return [];
}

describe('buildAgentCatalog', () => {
  it('accepts valid definitions and finds agents by id and alias', () => {
    const catalog = fixtureCatalog();
    expect(catalog.size).toBe(2);
    expect(catalog.find('tldr')?.id).toBe('summarize');
    expect(catalog.find('nope')).toBeUndefined();
  });

  it('hides agents not flagged v1 from /api/v1', () => {
    const catalog = fixtureCatalog();
    expect(catalog.find('finder', 'v1')).toBeUndefined();
    expect(catalog.find('summarize', 'v1')?.id).toBe('summarize');
    expect(catalog.ids('v1')).toEqual(['summarize']);
    expect(catalog.ids('api')).toEqual(['finder', 'summarize']);
  });

  it('searches by category and words', () => {
    const catalog = fixtureCatalog();
    expect(catalog.search({ category: 'sales' }).map((agent) => agent.id)).toEqual(['finder']);
    expect(catalog.search({ text: 'key points' }).map((agent) => agent.id)).toEqual(['summarize']);
    expect(catalog.search({ text: 'TLDR' }).map((agent) => agent.id)).toEqual(['summarize']);
    expect(catalog.search({ category: 'sales', text: 'summary' })).toEqual([]);
  });

  it('rejects duplicate ids and aliases that collide with ids', () => {
    const problems = problemsOf([
      { origin: 'a.yaml', content: finderAgent() },
      { origin: 'b.yaml', content: finderAgent() },
      { origin: 'c.yaml', content: finderAgent({ id: 'other', aliases: ['finder'] }) },
    ]);
    expect(problems).toEqual([
      'b.yaml: id or alias "finder" is already used by a.yaml',
      'c.yaml: id or alias "finder" is already used by a.yaml',
    ]);
  });

  it('rejects dangling tool references', () => {
    expect(problemsOf([{ origin: 'a.yaml', content: finderAgent({ tools: ['web-search'] }) }])).toEqual(['a.yaml: tool "web-search" does not exist']);
    expect(problemsOf([{ origin: 'a.yaml', content: finderAgent({ tools: ['web-search'] }) }], ['web-search'])).toEqual([]);
  });

  it('rejects bad schemas, template placeholders without a field, and reserved fields', () => {
    const problems = problemsOf([
      {
        origin: 'a.yaml',
        content: finderAgent({
          taskTemplate: 'Find {{industry}} companies.',
          output: { type: 'object', properties: { model: { type: 'string' } }, required: ['missing'] },
        }),
      },
      { origin: 'b.yaml', content: finderAgent({ id: 'b', input: { type: 'object', properties: { prompt: { type: 'string' } } }, taskTemplate: undefined }) },
      { origin: 'c.yaml', content: finderAgent({ id: 'c', output: { type: 'array', items: {} } }) },
    ]);
    expect(problems).toContain('a.yaml: output schema must not declare "model": the service adds it');
    expect(problems).toContain('a.yaml: output schema requires "missing", which it does not declare');
    expect(problems).toContain('a.yaml: taskTemplate refers to "industry", which is not an input field');
    expect(problems).toContain('b.yaml: input schema must not declare "prompt": it is part of every request');
    expect(problems.some((problem) => problem.startsWith('c.yaml: output'))).toBe(true);
  });

  it('rejects null values inside schemas, the mark of an unquoted comma in YAML', () => {
    const output = { type: 'object', properties: { city: { type: 'string', description: 'City', 'region or country': null } } };
    expect(problemsOf([{ origin: 'a.yaml', content: finderAgent({ output }) }])).toContain(
      'a.yaml: output.properties.city.region or country is null in the schema (quote text that contains a comma inside { … })',
    );
  });

  it('rejects keywords catalog schemas do not support, such as a misspelt one', () => {
    const output = { type: 'object', properties: { name: { type: 'string', maxLenght: 10 }, tags: { type: 'array', items: { type: 'strng' } } } };
    expect(problemsOf([{ origin: 'a.yaml', content: finderAgent({ output }) }])).toEqual([
      'a.yaml: output schema.properties.name uses "maxLenght", which catalog schemas do not support',
      'a.yaml: output schema.properties.tags.items.type must be one of object, array, string, number, integer, boolean, null',
    ]);
  });

  it('reports every invalid field of a definition, not just the first', () => {
    const problems = problemsOf([{ origin: 'a.yaml', content: finderAgent({ id: 'Not Kebab', readOnly: 'yes', instructions: 'short' }) }]);
    expect(problems.filter((problem) => problem.startsWith('a.yaml'))).toHaveLength(3);
  });

  it('rejects an empty catalog', () => {
    expect(problemsOf([])).toEqual(['no agent definitions were found']);
  });
});
