import { describe, expect, it } from 'vitest';
import { fakeReservation, stageRun } from '../../../../test/support/run-stage-fixtures.ts';
import { AppError } from '../../errors.ts';
import type { RunProgress } from '../../quotas/usage-meter.ts';
import { refuse } from './refusal.ts';

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

describe('refusal', () => {
  it('gives back the unit of a run that did not get as far as the meter counts', async () => {
    const { run, state } = refused({ progress: 'outbound' });
    await refuse({ safety }, run, new Error('x'));
    expect(state.released).toBe(1);
  });

  it('keeps the unit of a run that spent it', async () => {
    const { run, state } = refused({ progress: 'answered' });
    await refuse({ safety }, run, new Error('x'));
    expect(state.released).toBe(0);
  });

  it('with a meter settled by the record: gives back only what no record settled', async () => {
    const unrecorded = refused({ settles: true, progress: 'answered' });
    await refuse({ safety }, unrecorded.run, new Error('x'));
    expect(unrecorded.state.released).toBe(1);
    const recorded = refused({ settles: true, recorded: true });
    await refuse({ safety }, recorded.run, new Error('x'));
    expect(recorded.state.released).toBe(0);
  });

  it('still refuses with the error when the give-back fails', async () => {
    const { run } = refused({ releaseFails: true });
    const error = new Error('x');
    await expect(refuse({ safety }, run, error)).resolves.toBe(error);
  });

  it('screens PII out of an AppError, and keeps one without any as it is', async () => {
    const clean = new AppError('invalid_request', 'Send the page to read');
    expect(await refuse({ safety }, refused({}).run, clean)).toBe(clean);
    const echoing = new AppError('invalid_request', 'alice@example.com could not be read', { url: 'mailto:alice@example.com' }, { retryAfterSeconds: 3 });
    const screened = await refuse({ safety }, refused({}).run, echoing);
    expect(screened).toMatchObject({ code: 'invalid_request', message: '[EMAIL] could not be read', details: { url: 'mailto:[EMAIL]' }, retryAfterSeconds: 3 });
  });
});
