import { describe, expect, it } from 'vitest';
import { endedRun, layerReport, stageRun } from '../../../../test/support/run-stage-fixtures.ts';
import type { TextScreening } from '../../safety/safety-pipeline.ts';
import { screenInput } from './screen-input-stage.ts';

function inputScreen(result: (body: unknown) => Omit<TextScreening<unknown>, 'reports'>) {
  const skipped: ReadonlySet<string>[] = [];
  return {
    skipped,
    screenInput: async <Value>(body: Value, _policy: unknown, skip: ReadonlySet<string>) => {
      skipped.push(skip);
      return { reports: [layerReport('jailbreak'), layerReport('pii')], ...result(body) } as TextScreening<Value>;
    },
  };
}

describe('screen input stage', () => {
  it('keeps the reports and the task when nothing was redacted, and skips the control keys', async () => {
    const run = stageRun();
    const task = run.task;
    const safety = inputScreen((body) => ({ value: body }));
    await screenInput({ safety }, run);
    expect(run.reports.map((report) => report.layer)).toEqual(['jailbreak', 'pii']);
    expect(run.task).toBe(task);
    expect([...(safety.skipped[0] ?? [])]).toEqual(expect.arrayContaining(['model', 'policy', 'stream', 'confirmed', 'fallback']));
  });

  it('gives the run its task from the redacted request', async () => {
    const run = stageRun();
    await screenInput({ safety: inputScreen(() => ({ value: { prompt: 'Summarise [EMAIL].' } })) }, run);
    expect(run.task.prompt).toBe('Summarise [EMAIL].');
  });

  it('ends a blocked request as blocked, refused with the layers it went through', async () => {
    const run = stageRun();
    const ended = await endedRun(screenInput({ safety: inputScreen((body) => ({ value: body, blocked: { layer: 'jailbreak', categories: ['override'] } })) }, run));
    expect(ended.refusal).toMatchObject({ code: 'safety_blocked', details: { runId: 'run_1', safety: { passed: false } } });
    expect(ended.record).toEqual({ status: 'blocked', errorCode: 'safety_blocked' });
    expect(run.reports.map((report) => report.layer)).toEqual(['jailbreak', 'pii']);
  });
});
