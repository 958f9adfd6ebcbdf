import { describe, expect, it } from 'vitest';
import { finderAgent } from '../../../test/support/agent-fixtures.ts';
import { AppError } from '../errors.ts';
import { InvalidDataError } from '../invalid-data-error.ts';
import { buildAgentCatalog } from './agent-catalog.ts';
import { findAgent } from './pipeline/resolve-stage.ts';

const agents = [{ origin: 'finder.yaml', content: finderAgent({ aliases: ['company-finder'] }) }];
const retiredFile = (retired: unknown) => ({ origin: 'retired-agents.yaml', content: { retired } });

function problemsOf(retired: unknown): readonly string[] {
  try {
    buildAgentCatalog(agents, new Map(), retiredFile(retired));
  } catch (error) {
    if (error instanceof InvalidDataError) return error.problems;
    throw error;
  }
  return [];
}

function thrownBy(action: () => unknown): AppError {
  try {
    action();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('retired agent ids', () => {
  const catalog = buildAgentCatalog(
    agents,
    new Map(),
    retiredFile([
      { id: 'ocr', reason: 'reading text from images needs an OCR model' },
      { id: 'prospector', reason: 'finding companies is the finder agent now', replacement: { agent: 'finder' } },
    ]),
  );

  it('are kept apart from the agents: not found, not listed, each with its entry', () => {
    expect(catalog.find('ocr')).toBeUndefined();
    expect(catalog.ids()).toEqual(['finder']);
    expect(catalog.retirement('prospector')).toEqual({ id: 'prospector', reason: 'finding companies is the finder agent now', replacement: { agent: 'finder' } });
    expect(catalog.retirements().map((entry) => entry.id)).toEqual(['ocr', 'prospector']);
  });

  it('answer 410 gone on every surface with the reason and the replacement; unknown ids stay 404', () => {
    for (const surface of ['api', 'v1'] as const) {
      const gone = thrownBy(() => findAgent(catalog, 'prospector', surface));
      expect(gone.code).toBe('gone');
      expect(gone.details).toEqual({ reason: 'finding companies is the finder agent now', replacement: { agent: 'finder' } });
      expect(gone.message).toBe('Agent "prospector" is not offered: finding companies is the finder agent now. Use the agent "finder" instead.');
    }
    expect(thrownBy(() => findAgent(catalog, 'ocr', 'api')).details).toEqual({ reason: 'reading text from images needs an OCR model' });
    expect(thrownBy(() => findAgent(catalog, 'nope', 'api')).code).toBe('agent_not_found');
  });

  it('refuse an id an agent or alias answers to, a duplicate, and a replacement agent that does not exist', () => {
    expect(problemsOf([{ id: 'finder', reason: 'this id still names an agent' }])).toEqual(['retired-agents.yaml: "finder" is retired but finder.yaml answers to it']);
    expect(problemsOf([{ id: 'company-finder', reason: 'this id is still an alias' }])).toEqual(['retired-agents.yaml: "company-finder" is retired but finder.yaml answers to it']);
    expect(problemsOf([{ id: 'ocr', reason: 'listed for the first time' }, { id: 'ocr', reason: 'listed for the second time' }])).toEqual(['retired-agents.yaml: "ocr" is listed twice']);
    expect(problemsOf([{ id: 'ocr', reason: 'pointing to an agent that is not there', replacement: { agent: 'reader' } }])).toEqual([
      'retired-agents.yaml: "ocr": replacement agent "reader" is not an agent id',
    ]);
  });

  it('refuse entries the schema does not allow', () => {
    expect(problemsOf([{ id: 'Not Kebab', reason: 'an id that is not kebab-case' }])).toHaveLength(1);
    expect(problemsOf([{ id: 'ocr', reason: 'short' }])).toHaveLength(1);
    expect(problemsOf([{ id: 'ocr', reason: 'a reason that ends with a full stop.' }])).toHaveLength(1);
    expect(problemsOf([{ id: 'ocr', reason: 'an endpoint that is not of this API', replacement: { endpoint: 'GET https://example.com/' } }])).toHaveLength(1);
    expect(problemsOf([{ id: 'ocr', reason: 'two replacements at once are ambiguous', replacement: { agent: 'finder', playbook: 'x' } }])).toHaveLength(1);
    expect(problemsOf([])).toEqual(['retired-agents.yaml: retired: Too small: expected array to have >=1 items']);
  });
});
