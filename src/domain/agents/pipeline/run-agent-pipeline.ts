import { admit, ensureRecordable } from './admit-stage.ts';
import { attemptWithFailover } from './attempt-stage.ts';
import { checkOutput } from './check-output-stage.ts';
import { endRun, recordAnswer } from './record-stage.ts';
import { resolveRun } from './resolve-stage.ts';
import { routeRun } from './route-stage.ts';
import type { RunAgentCommand } from './run-command.ts';
import { stopIfCanceled } from './run-ending.ts';
import type { RunPipelineDependencies } from './run-pipeline-dependencies.ts';
import type { AgentRunSuccess } from './run-result.ts';
import { screenInput } from './screen-input-stage.ts';
import { gatherToolData } from './tool-data-stage.ts';

/**
 * One agent run, stage by stage: each either hands the run on or ends it (RunEnded, when it got far enough
 * to be stored). The record stage stores it either way, and gives back what a run that ended early did not
 * spend (see endRun).
 */
export async function runAgentPipeline(stages: RunPipelineDependencies, command: RunAgentCommand): Promise<AgentRunSuccess> {
  // Refused before the quota is touched: an unknown agent, a body it cannot run on, too much text to screen.
  const run = await admit(resolveRun(stages, command));
  const { signal } = command;
  try {
    await ensureRecordable(stages.recordability);
    stopIfCanceled(signal);
    await screenInput(stages, run);
    const routing = routeRun(stages, run);
    stopIfCanceled(signal);
    const tools = await gatherToolData(stages, run);
    stopIfCanceled(signal);
    const answer = await attemptWithFailover(stages, run, routing, tools);
    stopIfCanceled(signal);
    const checked = await checkOutput(stages, run, answer, routing, tools);
    stopIfCanceled(signal);
    return await recordAnswer(stages, run, answer, checked);
  } catch (error) {
    // A stage that failed because the caller canceled (an aborted model call) ends the run as canceled.
    let ending = error;
    try {
      stopIfCanceled(signal, error);
    } catch (canceled) {
      ending = canceled;
    }
    throw await endRun(stages, run, ending);
  }
}
