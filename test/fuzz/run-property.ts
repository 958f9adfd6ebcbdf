import fc from 'fast-check';
import { replayCommand, type FuzzSettings } from './fuzz-settings.ts';

/** Runs the property with the settings; on a failure, throws what broke, the smallest input found and the command that replays it. */
export async function runProperty<T>(property: fc.IAsyncPropertyWithHooks<T>, settings: FuzzSettings, name: string): Promise<void> {
  const details = await fc.check(property, { seed: settings.seed, numRuns: settings.numRuns, ...(settings.path ? { path: settings.path } : {}), endOnFailure: !settings.long });
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(`${cause}\n\nReplay with: ${replayCommand(settings, name, details.counterexamplePath ?? undefined)}\n${fc.defaultReportMessage(details)}`);
}
