import { describe, expect, it } from 'vitest';
import { fakeReservation, fixtureModel, stageRecorder, stageRun } from '../../../../test/support/run-stage-fixtures.ts';
import { AppError } from '../../errors.ts';
import type { RunProgress } from '../../quotas/usage-meter.ts';
import { endRun } from './record-stage.ts';
import { RunEnded } from './run-ending.ts';

/** A PII layer that redacts "alice@example.com" wherever it appears. */
const safety = {
  screenPii: async <Value>(value: Value) => {
    const text = JSON.stringify(value);
    return { reports: [], value: text.includes('alice@example.com') ? (JSON.parse(text.replaceAll('alice@example.com', '[EMAIL]')) as Value) : value };
  },
};

function refused(options: { settles?: boolean; releaseFails?: boolean; recorded?: boolean; progress?: RunProgress }) {
  const { reservation, state } = fakeReservation(options);
  const run = stageRun({ reservation, recorded: options.recorded ?? false, progress: options.progress ?? 'none' });
  return { run, state };
}

describe('record stage: a run that ended early', () => {
  it('gives back the unit of a run that did not get as far as the meter counts', async () => {
    const { run, state } = refused({ progress: 'outbound' });
    await endRun({ ...stageRecorder(), safety }, run, new Error('x'));
    expect(state.released).toBe(1);
  });

  it('keeps the unit of a run that spent it', async () => {
    const { run, state } = refused({ progress: 'answered' });
    await endRun({ ...stageRecorder(), safety }, run, new Error('x'));
    expect(state.released).toBe(0);
  });

  it('with a meter settled by the record: gives back only what no record settled', async () => {
    const unrecorded = refused({ settles: true, progress: 'answered' });
    await endRun({ ...stageRecorder(), safety }, unrecorded.run, new Error('x'));
    expect(unrecorded.state.released).toBe(1);
    const recorded = refused({ settles: true, recorded: true });
    await endRun({ ...stageRecorder(), safety }, recorded.run, new Error('x'));
    expect(recorded.state.released).toBe(0);
  });

  it('still refuses with the error when the give-back fails', async () => {
    const { run } = refused({ releaseFails: true });
    const error = new Error('x');
    await expect(endRun({ ...stageRecorder(), safety }, run, error)).resolves.toBe(error);
  });

  it('screens PII out of an AppError, and keeps one without any as it is', async () => {
    const clean = new AppError('invalid_request', 'Send the page to read');
    expect(await endRun({ ...stageRecorder(), safety }, refused({}).run, clean)).toBe(clean);
    const echoing = new AppError('invalid_request', 'alice@example.com could not be read', { url: 'mailto:alice@example.com' }, { retryAfterSeconds: 3 });
    const screened = await endRun({ ...stageRecorder(), safety }, refused({}).run, echoing);
    expect(screened).toMatchObject({ code: 'invalid_request', message: '[EMAIL] could not be read', details: { url: 'mailto:[EMAIL]' }, retryAfterSeconds: 3 });
  });

  it('stores a run a stage ended as it says, keeps what it spent, and answers with its refusal', async () => {
    const recorder = stageRecorder();
    const { reservation, state } = fakeReservation({ settles: true });
    const run = stageRun({ reservation, progress: 'answered' });
    const refusal = new AppError('upstream_unavailable', 'Every model failed');
    const answered = await endRun({ ...recorder, safety }, run, new RunEnded(refusal, { status: 'failed', errorCode: 'upstream_unavailable', model: fixtureModel('groq/fast') }));
    expect(answered).toBe(refusal);
    expect(recorder.runs.runs).toEqual([expect.objectContaining({ status: 'failed', errorCode: 'upstream_unavailable', model: 'groq/fast', quota: expect.objectContaining({ keptUnits: 1 }) })]);
    expect(state.released).toBe(0);
  });

  it('answers with the failure to store the run, and gives its unit back, when the record cannot be written', async () => {
    const recorder = stageRecorder();
    const down = new Error('database away');
    recorder.runs.insert = async () => Promise.reject(down);
    const { reservation, state } = fakeReservation({ settles: true });
    const run = stageRun({ reservation, progress: 'answered' });
    const answered = await endRun({ ...recorder, safety }, run, new RunEnded(new AppError('output_blocked', 'no'), { status: 'blocked', errorCode: 'output_blocked' }));
    expect(answered).toBe(down);
    expect(state.released).toBe(1);
  });
});
