import { describe, expect, it } from 'vitest';
import { endedRun, fakeReservation, fixtureModel, layerReport, stageRecorder, stageRun } from '../../../../test/support/run-stage-fixtures.ts';
import type { ChosenAnswer } from './attempt-stage.ts';
import type { CheckedOutput } from './check-output-stage.ts';
import { endRun, recordAnswer } from './record-stage.ts';
import type { RunInProgress } from './run-in-progress.ts';

const model = fixtureModel('groq/fast');
const answer = { chosen: { model }, attempts: [{ model: model.id, provider: 'groq', outcome: 'ok', ms: 5 }], routing: { chain: ['groq/fast'] } } as unknown as ChosenAnswer;
const layers = [layerReport('jailbreak'), layerReport('critic', 'pass', 'output')];
const checked: CheckedOutput = { output: { summary: 'Short.' }, layers, usage: { inputTokens: 10, outputTokens: 5, costUsd: 0.1 }, safety: { passed: true, layers } };

function admittedRun(onAnswer?: NonNullable<RunInProgress['command']['onAnswer']>) {
  const { reservation, state } = fakeReservation({ settles: true });
  const run = stageRun({ reservation, progress: 'answered' });
  if (onAnswer) run.command = { ...run.command, onAnswer };
  return { run, state };
}

describe('record stage', () => {
  it('records the answer as succeeded, keeping the unit, and returns it with the model', async () => {
    const recorder = stageRecorder();
    const { run, state } = admittedRun();
    const success = await recordAnswer(recorder, run, answer, checked);
    expect(success).toMatchObject({ runId: 'run_1', data: { summary: 'Short.', model: 'groq/fast' }, model, attempts: answer.attempts, routing: answer.routing, usage: checked.usage, safety: checked.safety, quota: run.reservation.snapshot });
    expect(recorder.runs.runs).toEqual([expect.objectContaining({ status: 'succeeded', errorCode: null, inputTokens: 10, costUsd: 0.1, output: JSON.stringify(success.data), quota: expect.objectContaining({ keptUnits: 1 }) })]);
    expect(state.settled).toEqual([1]);
    expect(recorder.telemetry.safetyVerdicts.map((verdict) => verdict.layer)).toEqual(['jailbreak', 'critic']);
  });

  it('hands the answer over before recording it', async () => {
    const recorder = stageRecorder();
    const seen: number[] = [];
    const { run } = admittedRun(async (given) => {
      // With what the run spent, which the answer keeps for the run log's row (see PlaybookStepRun).
      expect(given).toEqual({ runId: 'run_1', data: { summary: 'Short.', model: 'groq/fast' }, model: 'groq/fast', provider: 'groq', usage: checked.usage });
      seen.push(recorder.runs.runs.length);
      return true;
    });
    await recordAnswer(recorder, run, answer, checked);
    expect(seen).toEqual([0]);
  });

  it('ends a run whose answer is no longer wanted as answer_discarded, paid for, and refused with 409', async () => {
    const recorder = stageRecorder();
    const { run } = admittedRun(async () => false);
    const ended = await endedRun(recordAnswer(recorder, run, answer, checked));
    expect(recorder.runs.runs).toEqual([]);
    const safety = { screenPii: async <Value>(value: Value) => ({ reports: [], value }) };
    expect(await endRun({ ...recorder, safety }, run, ended)).toMatchObject({ code: 'conflict', details: { runId: 'run_1' } });
    expect(recorder.runs.runs).toEqual([expect.objectContaining({ status: 'failed', errorCode: 'answer_discarded', model: 'groq/fast', quota: expect.objectContaining({ keptUnits: 1 }) })]);
  });
});
