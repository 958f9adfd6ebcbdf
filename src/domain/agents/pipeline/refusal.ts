import { AppError } from '../../errors.ts';
import { spentUnit } from '../../quotas/usage-meter.ts';
import type { SafetyPipeline } from '../../safety/safety-pipeline.ts';
import type { Agent } from '../agent.ts';
import type { RunInProgress } from './run-in-progress.ts';

type PiiScreen = Pick<SafetyPipeline, 'screenPii'>;

/**
 * What a run that ended in an error gives back, and the error as its caller gets it. A record settles what
 * it kept; a run that could not be recorded gives its unit back, so usage always matches the stored runs.
 * A release that fails leaves the hold to expire, which gives it back too.
 */
export async function refuse(dependencies: { safety: PiiScreen }, run: RunInProgress, error: unknown): Promise<unknown> {
  const { reservation } = run;
  const giveBack = reservation.settle ? !run.recorded : !spentUnit(run.command.meter, run.progress);
  if (giveBack) await reservation.release().catch(() => undefined);
  return error instanceof AppError ? withoutPii(dependencies.safety, error, run.agent) : error;
}

/**
 * The error as the caller gets it and as runs store it: a message or details that echo the request (a
 * field only a tool reads, an address that could not be fetched) hold PII as a model would see it.
 */
export async function withoutPii(safety: PiiScreen, error: AppError, agent: Agent): Promise<AppError> {
  const original = { message: error.message, details: error.details };
  const screened = await safety.screenPii(original, agent.safetyPolicy, 'output');
  if (screened.value === original) return error;
  return new AppError(error.code, screened.value.message, { ...screened.value.details }, { retryAfterSeconds: error.retryAfterSeconds, cause: error.cause });
}
