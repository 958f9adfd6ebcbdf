import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readYamlFolder } from '../../src/adapters/catalog/yaml-files.ts';
import { buildAgentCatalog } from '../../src/domain/agents/agent-catalog.ts';
import { buildPlaybookCatalog } from '../../src/domain/playbooks/playbook-catalog.ts';
import { renderTemplate } from '../../src/domain/playbooks/playbook-templates.ts';
import { assessJailbreak } from '../../src/domain/safety/layers/jailbreak/jailbreak-layer.ts';
import { attackHead } from '../../src/domain/safety/layers/jailbreak/jailbreak-scorer.ts';
import { scannedString } from '../../src/domain/safety/scanned-string.ts';
import { toolDescriptorMap } from '../../src/domain/tools/tool-registry.ts';
import { committedSafetyModels } from '../support/safety-fixtures.ts';

const catalogDir = new URL('../../catalog/', import.meta.url).pathname;

/**
 * Every step of a playbook goes through the same safety pipeline as a direct call, its prompt included. Our
 * own step prompts, filled with ordinary inputs, must stay below the jailbreak layer's threshold, or a
 * playbook would be refused for wording we wrote.
 */
describe('playbook step prompts', () => {
  it('read as ordinary requests to the jailbreak layer', () => {
    const agents = buildAgentCatalog(readYamlFolder(join(catalogDir, 'agents')), toolDescriptorMap());
    const playbooks = buildPlaybookCatalog(readYamlFolder(join(catalogDir, 'playbooks')), agents);
    const model = committedSafetyModels().jailbreak;
    const threshold = model.threshold(attackHead) as number;
    const risky: string[] = [];
    for (const playbook of playbooks.list()) {
      const inputs = Object.fromEntries(playbook.fields.map((field) => [field.key, field.options?.[0] ?? (field.type === 'url' ? 'https://example.com/' : `sample ${field.label.toLowerCase()}`)]));
      playbook.steps.forEach((step, index) => {
        const prompt = renderTemplate(step.prompt, { inputs, stepOutputs: playbook.steps.map(() => 'A short summary of the previous step.') });
        const { score } = assessJailbreak(model, [scannedString('prompt', prompt)]);
        if (score >= threshold) risky.push(`${playbook.id} step ${index}: ${score.toFixed(2)}`);
      });
    }
    expect(risky).toEqual([]);
  });
});
