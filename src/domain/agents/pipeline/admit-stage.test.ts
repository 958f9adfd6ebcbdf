import { describe, expect, it } from 'vitest';
import { fakeReservation, stageRun } from '../../../../test/support/run-stage-fixtures.ts';
import { DatabaseUnavailableError } from '../../database-unavailable.ts';
import { admit, ensureRecordable } from './admit-stage.ts';

describe('admit stage', () => {
  it('reserves the run unit on the run itself, so the stages after it account to the same state', async () => {
    const { reservation } = fakeReservation();
    const { reservation: _unset, ...resolved } = stageRun();
    const run = await admit({ ...resolved, command: { ...resolved.command, meter: { ...resolved.command.meter, reserve: async () => reservation } } });
    expect(run.reservation).toBe(reservation);
  });

  it('lets a quota refusal through untouched', async () => {
    const refused = new Error('429');
    const { reservation: _unset, ...resolved } = stageRun();
    await expect(admit({ ...resolved, command: { ...resolved.command, meter: { ...resolved.command.meter, reserve: async () => Promise.reject(refused) } } })).rejects.toBe(refused);
  });

  it('refuses a run that could not be recorded, and asks nothing without a recordability check', async () => {
    await expect(ensureRecordable({ recordable: async () => false })).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(ensureRecordable({ recordable: async () => true })).resolves.toBeUndefined();
    await expect(ensureRecordable(undefined)).resolves.toBeUndefined();
  });
});
