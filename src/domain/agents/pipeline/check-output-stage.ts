import { AppError } from '../../errors.ts';
import { DeliveryFailed } from '../../tools/delivery-failed.ts';
import type { RoutingDecision } from '../../routing/model-router.ts';
import type { LayerReport } from '../../safety/safety-layer.ts';
import type { SafetyPipeline } from '../../safety/safety-pipeline.ts';
import { totalUsage, type RunUsage } from '../run-usage.ts';
import { outputBlocked, type SafetyReport } from '../safety-refusals.ts';
import type { ChosenAnswer } from './attempt-stage.ts';
import type { RunInProgress } from './run-in-progress.ts';
import { RunEnded } from './run-ending.ts';
import type { ToolWork } from './tool-data-stage.ts';

/** The output the caller gets, once every check passed, with what it took. */
export interface CheckedOutput {
  output: Record<string, unknown>;
  /** Every layer the run went through, in order: input, tool text, output, quality, critic. */
  layers: LayerReport[];
  /** Every billed model call of the run, the critic's included. */
  usage: RunUsage;
  safety: SafetyReport;
}

export type CheckOutputDependencies = { safety: Pick<SafetyPipeline, 'screenPii' | 'review'> };

/**
 * Stage 7, check output: a kept answer the output layers blocked ends the run as blocked; otherwise the tools
 * finish it, their text is redacted as the model's, and the result must match the agent's public schema (a
 * failure there is the agent's, and ends the run as `agent_failed`). Last, layer 5: the critic reviews what the
 * caller will get (a model other than the producer when the policy's critic mode asks for one); its verdict is
 * reported, and a model's call billed.
 */
export async function checkOutput(dependencies: CheckOutputDependencies, run: RunInProgress, answer: ChosenAnswer, routing: RoutingDecision, tools: ToolWork): Promise<CheckedOutput> {
  const { agent, task } = run;
  const { chosen } = answer;
  const outputReports = [...chosen.screening.reports, chosen.quality.report];
  if (chosen.screening.blocked) {
    const layers = [...run.reports, ...outputReports];
    throw new RunEnded(outputBlocked(chosen.screening.blocked, layers, run.runId), { status: 'blocked', errorCode: 'output_blocked', model: chosen.model, layers });
  }

  let output = chosen.screening.value;
  try {
    for (const [index, tool] of tools.tools.entries()) {
      if (tool.finish) output = await tool.finish(output, tools.context, tools.preparations[index]?.state);
    }
    // Tools add text from outside (a page's title, search results): what the caller gets and what is stored
    // hold PII as the model's own answer does, and must fit the public schema. An output no tool finished is
    // the model's answer, already validated against the schema (again after any redaction): not validated twice.
    if (tools.tools.some((tool) => tool.finish)) {
      output = (await dependencies.safety.screenPii(output, agent.safetyPolicy, 'output')).value;
      const checked = agent.publicOutputValidator.safeParse(output);
      if (!checked.success) throw new Error(`tool output breaks the schema of ${agent.id}: ${checked.error.message}`);
    }
  } catch (error) {
    const layers = [...run.reports, ...outputReports];
    // A delivery that did not happen is not the agent's failure, and the caller does not pay for it.
    if (error instanceof DeliveryFailed) throw new RunEnded(withRunId(error, run.runId), { status: 'failed', errorCode: error.code, model: chosen.model, layers, refund: true });
    const refusal = error instanceof AppError ? error : new AppError('agent_failed', 'The agent failed while processing the model output', { runId: run.runId }, { cause: error });
    throw new RunEnded(refusal, { status: 'failed', errorCode: 'agent_failed', model: chosen.model, layers });
  }

  const critic = await dependencies.safety.review(
    {
      agentName: agent.name,
      task: task.prompt,
      output,
      producer: chosen.model,
      reviewers: routing.chain,
      evidence: { quality: chosen.quality.quality, contentPassed: chosen.screening.reports.every((layer) => layer.layer !== 'content' || layer.verdict === 'pass') },
      doubts: [...run.reports, ...outputReports].filter((layer) => layer.verdict === 'flag' || layer.verdict === 'redact').map((layer) => `${layer.layer}:${layer.stage}`),
    },
    agent.safetyPolicy,
  );
  if (critic.verdict.usage) run.calls.push({ model: critic.verdict.usage.model, usage: critic.verdict.usage.tokens });
  const layers = [...run.reports, ...outputReports, critic.report];
  const safety: SafetyReport = { passed: layers.every((layer) => layer.verdict !== 'block'), layers, ...(answer.regenerated ? { regenerated: answer.regenerated } : {}) };
  return { output, layers, usage: totalUsage(run.calls), safety };
}

/** The refusal with the id of the run it ended, as the caller finds it in the run log. */
function withRunId(error: AppError, runId: string): AppError {
  return new AppError(error.code, error.message, { ...error.details, runId }, { retryAfterSeconds: error.retryAfterSeconds, cause: error });
}
