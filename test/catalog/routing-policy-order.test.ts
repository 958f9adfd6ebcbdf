import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readYamlFile } from '../../src/adapters/catalog/yaml-files.ts';
import { packageRoot } from '../../src/config/load-config.ts';
import { taskCategories, type TaskCategory } from '../../src/domain/agents/agent-definition.ts';
import { providerNames, qualityTiers, speedTiers, type ModelDefinition } from '../../src/domain/routing/model-definition.ts';
import { buildModelRegistry } from '../../src/domain/routing/model-registry.ts';
import { maxChainLength, ModelRouter } from '../../src/domain/routing/model-router.ts';
import { balancedScore, blendedPrice, routingPolicies, type RoutingPolicy } from '../../src/domain/routing/routing-policy.ts';
import { ScriptedCircuitBreaker } from '../support/fake-circuit-breaker.ts';

/** Every policy over the real registry: the chain is ordered by what the policy claims, from the first model to the last. */
const file = readYamlFile(join(packageRoot, 'catalog/models.yaml'));
const registry = buildModelRegistry(file.content, file.origin);
const realProviders = providerNames.filter((provider) => provider !== 'sandbox');

/** What each policy claims to order by, as a number that must not fall along the chain. */
const claimedKey: Record<RoutingPolicy, (model: ModelDefinition) => number> = {
  cost: (model) => blendedPrice(model),
  quality: (model) => qualityTiers.indexOf(model.quality),
  latency: (model) => speedTiers.indexOf(model.speed),
  balanced: (model) => -balancedScore(model),
};

const plainPrompt = 'A short task for the model, with nothing special in it';
const codePrompt = 'Look at this:\n```js\nconst total = items.reduce((sum, item) => sum + item.price, 0);\n```';

/** Capable first: suited to the task's category, then to the code the prompt shows as well. */
function capability(model: ModelDefinition, category: TaskCategory, prompt: string): number {
  const suitsCode = prompt === plainPrompt || category === 'code' || model.suitedFor.includes('code');
  return (model.suitedFor.includes(category) ? 2 : 0) + (suitsCode ? 1 : 0);
}

/** Whether `left` may come before `right` under the policy: more capable, or as capable and not worse on the key. */
function mayPrecede(policy: RoutingPolicy, category: TaskCategory, prompt: string, left: ModelDefinition, right: ModelDefinition): boolean {
  const [leftRank, rightRank] = [capability(left, category, prompt), capability(right, category, prompt)];
  return leftRank > rightRank || (leftRank === rightRank && claimedKey[policy](left) <= claimedKey[policy](right));
}

const providerSets = [realProviders, ...realProviders.map((provider) => [provider]), ['openai', 'anthropic', 'google']];

describe('the routing policies over catalog/models.yaml', () => {
  for (const providers of providerSets) {
    const router = new ModelRouter(registry, new Set(providers), new ScriptedCircuitBreaker());
    const candidates = registry.list().filter((model) => providers.includes(model.provider) && model.capabilities.includes('structured_output'));
    it(`order every chain by the policy's key, after the most capable models, with ${providers.join(', ')} configured`, () => {
      for (const policy of routingPolicies) {
        for (const category of taskCategories) {
          for (const prompt of [plainPrompt, codePrompt]) {
            const chain = router.route({ category, prompt, policy }).chain;
            const label = `${policy} / ${category} / ${prompt === plainPrompt ? 'plain' : 'code'}: ${chain.map((model) => model.id).join(' > ')}`;
            expect(chain.length, label).toBe(Math.min(maxChainLength, candidates.length));
            expect(new Set(chain.map((model) => model.id)).size, label).toBe(chain.length);
            for (let index = 1; index < chain.length; index += 1) {
              expect(mayPrecede(policy, category, prompt, chain[index - 1] as ModelDefinition, chain[index] as ModelDefinition), `${label} at ${index}`).toBe(true);
            }
            // Nothing left out of the chain should have come before its last model.
            const last = chain.at(-1) as ModelDefinition;
            const passedOver = candidates.filter((model) => !chain.includes(model) && !mayPrecede(policy, category, prompt, last, model));
            expect(passedOver.map((model) => model.id), label).toEqual([]);
          }
        }
      }
    });
  }

  it('put the cheapest model suited to code first for a code prompt under cost, not a $3.44/M one', () => {
    const router = new ModelRouter(registry, new Set(['openai', 'anthropic', 'google']), new ScriptedCircuitBreaker());
    const chain = router.route({ category: 'code', prompt: codePrompt, policy: 'cost' }).chain;
    const suited = registry.list().filter((model) => ['openai', 'anthropic', 'google'].includes(model.provider) && model.suitedFor.includes('code'));
    expect(blendedPrice(chain[0] as ModelDefinition)).toBe(Math.min(...suited.map(blendedPrice)));
    expect(chain[0]?.id).toBe('openai/o4-mini');
  });

  it('put every top-tier model suited to the task before gpt-5-mini under quality', () => {
    const chain = new ModelRouter(registry, new Set(realProviders), new ScriptedCircuitBreaker()).route({ category: 'writing', prompt: plainPrompt, policy: 'quality' }).chain.map((model) => model.id);
    const frontier = registry.list().filter((model) => model.quality === 'frontier' && model.suitedFor.includes('writing')).map((model) => model.id);
    expect(chain.slice(0, frontier.length).sort()).toEqual([...frontier].sort());
    expect(chain.indexOf('openai/gpt-5-mini')).toBeGreaterThanOrEqual(frontier.length);
  });
});
