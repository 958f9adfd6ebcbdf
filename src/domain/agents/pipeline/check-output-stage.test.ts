import { describe, expect, it } from 'vitest';
import { endedRun, fixtureModel, fixtureRouting, layerReport, stageRecorder, stageRun } from '../../../../test/support/run-stage-fixtures.ts';
import { AppError } from '../../errors.ts';
import type { CriticReview, TextScreening } from '../../safety/safety-pipeline.ts';
import type { AgentTool } from '../../tools/agent-tool.ts';
import type { ChosenAnswer } from './attempt-stage.ts';
import { checkOutput } from './check-output-stage.ts';
import type { ToolWork } from './tool-data-stage.ts';

function answer(output: Record<string, unknown>, options: { blocked?: boolean; regenerated?: ChosenAnswer['regenerated'] } = {}): ChosenAnswer {
  const screening: TextScreening<Record<string, unknown>> = {
    reports: [layerReport('pii', 'pass', 'output'), layerReport('content', options.blocked ? 'block' : 'pass', 'output')],
    value: output,
    ...(options.blocked ? { blocked: { layer: 'content' as const, categories: ['violence'] } } : {}),
  };
  return {
    chosen: { model: fixtureModel('groq/fast'), screening, quality: { report: layerReport('quality', 'pass', 'output'), quality: { score: 0.9, failed: [] }, belowThreshold: false } },
    attempts: [],
    routing: { category: 'summarization', policy: 'balanced', chain: ['groq/fast'], reason: 'test', signals: { code: false, math: false, nonEnglish: false, longInput: false } },
    regenerated: options.regenerated,
  };
}

function setup(critic: Partial<CriticReview['verdict']> = {}) {
  const recorder = stageRecorder();
  const piiScreened: unknown[] = [];
  const safety = {
    screenPii: async <Value>(value: Value) => (piiScreened.push(value), { reports: [], value }),
    review: async (): Promise<CriticReview> => ({ report: layerReport('critic', 'pass', 'output'), verdict: { results: [], reviewer: 'rubric', ...critic } as CriticReview['verdict'] }),
  };
  return { dependencies: { ...recorder, safety }, recorder, piiScreened };
}

const toolWork = (...tools: AgentTool[]): ToolWork => ({ tools, preparations: tools.map(() => ({ state: 'kept' })), context: { agentId: 'summarize', accountId: 'u1', surface: 'api', prompt: undefined, fields: {} }, gathered: [] });
const routing = fixtureRouting('groq/fast');

describe('check output stage', () => {
  it('passes an answer through the critic with every layer in order', async () => {
    const { dependencies, piiScreened } = setup();
    const run = stageRun({ reports: [layerReport('jailbreak')] });
    const checked = await checkOutput(dependencies, run, answer({ summary: 'Short.' }, { regenerated: 'quality' }), routing, toolWork());
    expect(checked.output).toEqual({ summary: 'Short.' });
    expect(checked.layers.map((layer) => `${layer.layer}/${layer.stage}`)).toEqual(['jailbreak/input', 'pii/output', 'content/output', 'quality/output', 'critic/output']);
    expect(checked.safety).toEqual({ passed: true, layers: checked.layers, regenerated: 'quality' });
    expect(piiScreened).toEqual([]);
  });

  it('ends the run of a blocked answer as blocked, with the layers it went through', async () => {
    const { dependencies } = setup();
    const ended = await endedRun(checkOutput(dependencies, stageRun(), answer({ summary: 'x' }, { blocked: true }), routing, toolWork()));
    expect(ended.refusal).toMatchObject({ code: 'output_blocked', details: { runId: 'run_1' } });
    expect(ended.record).toMatchObject({ status: 'blocked', errorCode: 'output_blocked', model: { id: 'groq/fast' } });
    expect(ended.record.layers?.map((layer) => layer.layer)).toEqual(['pii', 'content', 'quality']);
  });

  it('lets tools finish the output in order, with their state, then screens it for PII', async () => {
    const { dependencies, piiScreened } = setup();
    const states: unknown[] = [];
    const tag: AgentTool = { name: 'tag', description: 'Tag', finish: async (output, _context, state) => (states.push(state), { ...output, points: ['tagged'] }) };
    const checked = await checkOutput(dependencies, stageRun(), answer({ summary: 'Short.' }), routing, toolWork(tag));
    expect(checked.output).toEqual({ summary: 'Short.', points: ['tagged'] });
    expect(states).toEqual(['kept']);
    expect(piiScreened).toEqual([{ summary: 'Short.', points: ['tagged'] }]);
  });

  it('ends the run of a tool failure or a broken public schema as agent_failed; an AppError keeps its code for the caller', async () => {
    const breaking: AgentTool = { name: 'breaking', description: 'Breaks', finish: async (output) => ({ ...output, summary: 42 }) };
    const broken = await endedRun(checkOutput(setup().dependencies, stageRun(), answer({ summary: 'Short.' }), routing, toolWork(breaking)));
    expect(broken.refusal).toMatchObject({ code: 'agent_failed', message: 'The agent failed while processing the model output' });
    expect(broken.record).toMatchObject({ status: 'failed', errorCode: 'agent_failed' });

    const refusing: AgentTool = { name: 'refusing', description: 'Refuses', finish: async () => Promise.reject(new AppError('invalid_request', 'no')) };
    const refused = await endedRun(checkOutput(setup().dependencies, stageRun(), answer({ summary: 'Short.' }), routing, toolWork(refusing)));
    expect(refused.refusal).toMatchObject({ code: 'invalid_request' });
    expect(refused.record).toMatchObject({ status: 'failed', errorCode: 'agent_failed' });
  });

  it("bills the critic's call with the run's", async () => {
    const { dependencies } = setup({ usage: { model: fixtureModel('openai/small'), tokens: { inputTokens: 100, outputTokens: 10 } } });
    const run = stageRun({ calls: [{ model: fixtureModel('groq/fast'), usage: { inputTokens: 1000, outputTokens: 500 } }] });
    const checked = await checkOutput(dependencies, run, answer({ summary: 'Short.' }), routing, toolWork());
    expect(checked.usage).toMatchObject({ inputTokens: 1100, outputTokens: 510 });
    expect(run.calls).toHaveLength(2);
  });
});
