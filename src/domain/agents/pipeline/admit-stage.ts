import type { RunRecordability } from '../../../ports/run-recordability.ts';
import { DatabaseUnavailableError } from '../../database-unavailable.ts';
import type { ResolvedRun, RunInProgress } from './run-in-progress.ts';

/**
 * Stage 2, admit: the run's unit is counted before anything costly, the safety layers included, so that a
 * caller whose limit is used up gets 429 at once. Given back when the run fails before it spent anything
 * (see endRun).
 */
export async function admit(resolved: ResolvedRun): Promise<RunInProgress> {
  return Object.assign(resolved, { reservation: await resolved.command.meter.reserve() });
}

/** The rest of admission: with the database known not to answer, no model is called for a run that could not be recorded. */
export async function ensureRecordable(recordability: RunRecordability | undefined): Promise<void> {
  if (recordability && !(await recordability.recordable())) throw new DatabaseUnavailableError();
}
