import type { SafetyPipeline } from '../../safety/safety-pipeline.ts';
import { resolveAgentTask } from '../agent-task.ts';
import { safetyBlocked } from '../safety-refusals.ts';
import { RunEnded } from './run-ending.ts';
import type { RunInProgress } from './run-in-progress.ts';
import { unscannedPaths } from './unscanned-paths.ts';

/**
 * Stage 3, screen input: layers 1-3 on the request before any model call. A refusal ends the run, stored as
 * blocked and never counted against the quota; a request a layer redacted gives the run its task from the
 * redacted copy.
 */
export async function screenInput(dependencies: { safety: Pick<SafetyPipeline, 'screenInput'> }, run: RunInProgress): Promise<void> {
  const { command, agent } = run;
  const screening = await dependencies.safety.screenInput(command.body, agent.safetyPolicy, unscannedPaths(agent));
  run.reports = screening.reports;
  if (screening.blocked) throw new RunEnded(safetyBlocked(screening.blocked, screening.reports, run.runId), { status: 'blocked', errorCode: 'safety_blocked' });
  if (screening.value !== command.body) run.task = resolveAgentTask(agent, screening.value);
}
