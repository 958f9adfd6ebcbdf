import { describe, expect, it } from 'vitest';
import { fakeReservation, fixtureModel, layerReport, stageRecorder, stageRun } from '../../../../test/support/run-stage-fixtures.ts';
import { recordRun } from './record-stage.ts';

describe('record stage: storing a run', () => {
  it('stores the run with the cost of every answered call, and reports it with its input layers', async () => {
    const recorder = stageRecorder();
    const run = stageRun({ reports: [layerReport('jailbreak'), layerReport('pii')], calls: [{ model: fixtureModel('groq/fast'), usage: { inputTokens: 1000, outputTokens: 500 } }] });
    await recordRun(recorder, run, fixtureModel('groq/fast'), { status: 'failed', errorCode: 'upstream_unavailable' });
    expect(recorder.runs.runs).toEqual([
      expect.objectContaining({ id: 'run_1', accountId: 'u1', surface: 'api', agent: 'summarize', model: 'groq/fast', provider: 'groq', requestId: 'req_1', status: 'failed', errorCode: 'upstream_unavailable', inputTokens: 1000, outputTokens: 500, costUsd: 0.002, output: null, completedAt: '2026-06-01T12:00:00.000Z' }),
    ]);
    expect(recorder.runs.runs[0]).not.toHaveProperty('quota');
    expect(recorder.telemetry.agentRuns).toEqual([{ surface: 'api', agent: 'summarize', model: 'groq/fast', provider: 'groq', outcome: 'failed' }]);
    expect(recorder.telemetry.safetyVerdicts.map((verdict) => verdict.layer)).toEqual(['jailbreak', 'pii']);
    expect(run.recorded).toBe(true);
  });

  it('reports the layers given instead of the input layers', async () => {
    const recorder = stageRecorder();
    await recordRun(recorder, stageRun({ reports: [layerReport('jailbreak')] }), undefined, { status: 'blocked', errorCode: 'output_blocked', layers: [layerReport('content', 'block', 'output')] });
    expect(recorder.telemetry.safetyVerdicts).toEqual([{ layer: 'content', stage: 'output', verdict: 'block' }]);
    expect(recorder.runs.runs[0]).toMatchObject({ model: null, provider: null });
  });

  it('settles the reservation in the record: the unit kept when the run succeeded or spent it, given back otherwise', async () => {
    const kept = async (progress: 'none' | 'outbound' | 'answered', status: 'succeeded' | 'failed') => {
      const { reservation, state } = fakeReservation({ settles: true });
      const recorder = stageRecorder();
      await recordRun(recorder, stageRun({ reservation, progress }), undefined, { status, errorCode: status === 'failed' ? 'x' : null });
      expect(recorder.runs.runs[0]?.quota?.keptUnits).toBe(state.settled[0]);
      return state.settled;
    };
    expect(await kept('none', 'succeeded')).toEqual([1]);
    expect(await kept('answered', 'failed')).toEqual([1]);
    expect(await kept('outbound', 'failed')).toEqual([0]);
  });
});
