import type { SafetyPipeline } from '../../safety/safety-pipeline.ts';
import { resolveAgentTask } from '../agent-task.ts';
import { safetyBlocked, toolTextBlocked } from '../safety-refusals.ts';
import type { ToolData } from '../tool-data-prompt.ts';
import type { RunInProgress } from './run-in-progress.ts';
import { recordRun, type RunRecorder } from './run-recorder.ts';
import { unscannedPaths } from './unscanned-paths.ts';

/**
 * Stage 3, screen input: layers 1-3 on the request before any model call. A refusal is recorded but never
 * counted against the quota; a request a layer redacted gives the run its task from the redacted copy.
 */
export async function screenInput(dependencies: RunRecorder & { safety: Pick<SafetyPipeline, 'screenInput'> }, run: RunInProgress): Promise<void> {
  const { command, agent } = run;
  const screening = await dependencies.safety.screenInput(command.body, agent.safetyPolicy, unscannedPaths(agent));
  run.reports = screening.reports;
  if (screening.blocked) {
    await recordRun(dependencies, run, undefined, { status: 'blocked', errorCode: 'safety_blocked' });
    throw safetyBlocked(screening.blocked, screening.reports, run.runId);
  }
  if (screening.value !== command.body) run.task = resolveAgentTask(agent, screening.value);
}

/**
 * The text tools gathered, through the jailbreak and PII layers (stage `tool`): passages carrying
 * instructions removed (or the run refused, per the agent's policy), PII redacted per the policy. Their
 * reports follow the input layers' in the run's.
 */
export async function screenToolData(dependencies: RunRecorder & { safety: Pick<SafetyPipeline, 'screenToolText'> }, run: RunInProgress, gathered: readonly ToolData[]): Promise<ToolData[]> {
  const screening = await dependencies.safety.screenToolText(gathered, run.agent.safetyPolicy);
  run.reports.push(...screening.reports);
  if (screening.blocked) {
    await recordRun(dependencies, run, undefined, { status: 'blocked', errorCode: 'safety_blocked' });
    throw toolTextBlocked(screening.blocked, run.reports, run.runId);
  }
  return gathered.map((entry, index) => ({ ...entry, text: screening.texts[index] ?? '' }));
}
