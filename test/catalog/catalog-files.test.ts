import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readYamlFile, readYamlFolder } from '../../src/adapters/catalog/yaml-files.ts';
import { generateSandboxOutput } from '../../src/adapters/providers/sandbox/sandbox-output.ts';
import { packageRoot } from '../../src/config/load-config.ts';
import { buildAgentCatalog } from '../../src/domain/agents/agent-catalog.ts';
import { buildPlanTables } from '../../src/domain/quotas/plan-table.ts';
import { buildModelRegistry } from '../../src/domain/routing/model-registry.ts';
import { ModelRouter } from '../../src/domain/routing/model-router.ts';
import { routingPolicies } from '../../src/domain/routing/routing-policy.ts';
import { ScriptedCircuitBreaker } from '../support/fake-circuit-breaker.ts';
import { taskCategories } from '../../src/domain/agents/agent-definition.ts';
import { toolDescriptorMap } from '../../src/domain/tools/tool-registry.ts';

const catalogDir = join(packageRoot, 'catalog');
const files = readYamlFolder(join(catalogDir, 'agents'));
const catalog = buildAgentCatalog(files, toolDescriptorMap());

/** Contract section 7: ids clients of the original service use. */
const contractIds = [
  'leads', 'blog-gen', 'seo-dominator', 'page-builder', 'voice-chat', 'competitor-scan', 'brand-voice', 'brand-audit',
  'email-sequence', 'proposal-generator', 'smart-router', 'translate', 'content', 'seo', 'ad-report', 'case-study',
  'client-report', 'contract-analyzer', 'omni-search', 'site-assassin', 'funnel-xray', 'abm-artillery', 'slack-notify',
  'meeting-notes', 'organic-content', 'creative-director', 'deep-think', 'summarize',
];
const v1Ids = ['leads', 'blog-gen', 'seo-dominator', 'page-builder', 'voice-chat'];

describe('the agent catalog files', () => {
  it('load and validate', () => {
    expect(catalog.size).toBe(files.length);
  });

  it('contain every id of contract section 7', () => {
    const missing = contractIds.filter((id) => !catalog.find(id));
    expect(missing).toEqual([]);
  });

  it('expose the five spec agents on /api/v1', () => {
    for (const id of v1Ids) expect(catalog.find(id, 'v1')?.id).toBe(id);
  });

  it('name each file after its agent', () => {
    for (const file of files) expect(file.origin).toBe(`${(file.content as { id: string }).id}.yaml`);
  });

  it('flag leads as needing confirmation, as the contract says', () => {
    expect(catalog.find('leads')?.requiresConfirmation).toBe(true);
  });

  it('give every agent an output that the sandbox can satisfy', () => {
    for (const agent of catalog.list()) {
      const output = generateSandboxOutput(agent.output, `A task for ${agent.name}`);
      const result = agent.outputValidator.safeParse(output);
      expect(result.success, `${agent.id}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
    }
  });
});

describe('the model registry file', () => {
  const file = readYamlFile(join(catalogDir, 'models.yaml'));
  const registry = buildModelRegistry(file.content, file.origin);

  it('has exactly one sandbox model', () => {
    expect(registry.list().filter((model) => model.provider === 'sandbox')).toHaveLength(1);
  });

  it('has embedding models of OpenAI, Google and Mistral and one of the sandbox, none of which the router ever picks', () => {
    const embeddingIds = registry.embeddingModels().map((model) => model.id);
    expect(embeddingIds).toEqual(['openai/text-embedding-3-small', 'openai/text-embedding-3-large', 'google/gemini-embedding-001', 'mistral/mistral-embed', 'sandbox/embedding']);
    const router = new ModelRouter(registry, new Set(['openai', 'google', 'mistral', 'sandbox']), new ScriptedCircuitBreaker());
    expect(router.routableModels().some((model) => embeddingIds.includes(model.id))).toBe(false);
    for (const policy of routingPolicies) {
      const decision = router.route({ category: 'classification', prompt: 'Embed these texts into vectors', policy });
      expect(decision.chain.some((model) => embeddingIds.includes(model.id)), policy).toBe(false);
    }
    expect(() => router.route({ category: 'writing', prompt: 'x', pinnedModel: 'openai/text-embedding-3-small' })).toThrow(/unknown model/);
  });

  it('has a model of a real provider for every task category', () => {
    for (const category of taskCategories) {
      const suited = registry.list().filter((model) => model.provider !== 'sandbox' && model.suitedFor.includes(category));
      expect(suited.length, category).toBeGreaterThan(0);
    }
  });
});

describe('the plan file', () => {
  it('holds the two tables of the contract', () => {
    const file = readYamlFile(join(packageRoot, 'config/plans.yaml'));
    const plans = buildPlanTables(file.content, file.origin);
    expect(plans.planIds('api')).toEqual(['free', 'starter', 'growth', 'node', 'enterprise']);
    expect(plans.planIds('v1')).toEqual(['free', 'pro', 'enterprise']);
    expect(plans.find('api', 'growth')?.dailyLimit).toBe(500);
    expect(plans.find('v1', 'enterprise')?.dailyLimit).toBeNull();
  });
});

describe('every agent’s compiled validators', () => {
  it('build from the schemas the catalog accepted', () => {
    for (const agent of catalog.list()) {
      expect(() => [agent.outputValidator, agent.publicOutputValidator, agent.requiredFieldsValidator, agent.optionalFieldsValidator], agent.id).not.toThrow();
    }
  });
});
