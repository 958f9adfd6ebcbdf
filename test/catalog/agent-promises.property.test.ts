import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readYamlFolder } from '../../src/adapters/catalog/yaml-files.ts';
import { generateSandboxOutput } from '../../src/adapters/providers/sandbox/sandbox-output.ts';
import { packageRoot } from '../../src/config/load-config.ts';
import { buildAgentCatalog } from '../../src/domain/agents/agent-catalog.ts';
import type { Agent } from '../../src/domain/agents/agent.ts';
import { resolveAgentTask, type AgentTask } from '../../src/domain/agents/agent-task.ts';
import { promisedFields, promisedInputs } from '../../src/domain/agents/promises/agent-promise.ts';
import { narrowOutputSchema } from '../../src/domain/agents/promises/narrow-output-schema.ts';
import { settleOutput } from '../../src/domain/agents/promises/settle-output.ts';
import { AppError } from '../../src/domain/errors.ts';
import { toolDescriptorMap } from '../../src/domain/tools/tool-registry.ts';
import { valueOf } from '../support/json-schema-arbitrary.ts';
import { brokenPromises } from '../support/promises-held.ts';

/**
 * One property per agent over its input schema: for generated valid requests, the sandbox's answer (asked
 * with the request's promises written into the schema, as every model is) comes out of the run's repairs
 * valid against the agent's schema and honouring every promise; and the answer of a model that ignored the
 * request is mended by code wherever code can decide (echoed values, counts over, order, invented names).
 */
const catalog = buildAgentCatalog(readYamlFolder(join(packageRoot, 'catalog', 'agents')), toolDescriptorMap());
const agents = catalog.list().filter((agent) => agent.input);
const runs = Number(process.env.PROMISE_RUNS ?? 15);
/** Promise kinds code keeps whatever the model wrote. */
const mendedByCode = new Set(['equal', 'atMost', 'order', 'within', 'sum', 'words']);

function taskFor(agent: Agent, fields: Record<string, unknown>): AgentTask | undefined {
  try {
    return resolveAgentTask(agent, fields);
  } catch (error) {
    // A generated request the agent refuses (no field at all, an input rule) is not a case of this property.
    if (error instanceof AppError && error.code === 'invalid_request') return undefined;
    throw error;
  }
}

describe.each(agents.map((agent) => [agent.id, agent] as const))('%s', (_id, agent) => {
  const requests = valueOf(agent.input as Record<string, unknown>) as fc.Arbitrary<Record<string, unknown>>;

  it('answers valid output that honours every explicit field', () => {
    fc.assert(
      fc.property(requests, (request) => {
        const task = taskFor(agent, request);
        fc.pre(task !== undefined);
        const fields = promisedFields(agent.promises, (task as AgentTask).fields, false);
        const answer = generateSandboxOutput(narrowOutputSchema(agent.output, agent.promises, fields), (task as AgentTask).prompt);
        const settled = settleOutput(agent, fields, answer);
        expect(settled.ok ? [] : settled.problems).toEqual([]);
        if (!settled.ok) return;
        expect(settled.unmet).toEqual([]);
        expect(brokenPromises(agent.promises, { ...fields }, settled.output)).toEqual([]);
      }),
      { numRuns: runs, seed: 20261126 },
    );
  });

  it('mends what code can decide in the answer of a model that ignored the request', () => {
    fc.assert(
      fc.property(requests, (request) => {
        const task = taskFor(agent, request);
        fc.pre(task !== undefined);
        const fields = promisedFields(agent.promises, (task as AgentTask).fields, false);
        const settled = settleOutput(agent, fields, generateSandboxOutput(agent.output, 'An answer written without reading the request.'));
        expect(settled.ok ? [] : settled.problems).toEqual([]);
        if (settled.ok) expect(brokenPromises(agent.promises, { ...fields }, settled.output, mendedByCode)).toEqual([]);
      }),
      { numRuns: runs, seed: 20261126 },
    );
  });
});

/** Input fields whose value code can check: numbers, flags and choices. */
function checkableFields(agent: Agent): string[] {
  const properties = (agent.input?.properties ?? {}) as Record<string, Record<string, unknown>>;
  return Object.entries(properties)
    .filter(([, schema]) => Array.isArray(schema.enum) || ['integer', 'number', 'boolean'].includes(String(schema.type)))
    .map(([name]) => name);
}

describe('the promises of the catalog', () => {
  it('cover every number, flag and choice an agent accepts (with the fields its tools compute from), or say why not', () => {
    const undecided = agents.flatMap((agent) => {
      const promised = new Set([...agent.promises.flatMap(promisedInputs), ...agent.computedFrom.flatMap((entry) => entry.fields)]);
      return checkableFields(agent)
        .filter((name) => !promised.has(name) && !(name in agent.unpromised))
        .map((name) => `${agent.id}.${name}`);
    });
    expect(undecided).toEqual([]);
  });
});
