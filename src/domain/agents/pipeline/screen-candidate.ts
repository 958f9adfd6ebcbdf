import type { ModelDefinition } from '../../routing/model-definition.ts';
import type { SafetyPipeline } from '../../safety/safety-pipeline.ts';
import type { Agent } from '../agent.ts';
import type { AgentTask } from '../agent-task.ts';
import type { OutputCandidate } from '../output-candidate.ts';

export type CandidateScreen = Pick<SafetyPipeline, 'screenOutput' | 'assessQuality'>;

/** One model's answer through the output layers: PII and content screening, then the quality score. */
export async function screenCandidate(safety: CandidateScreen, agent: Agent, task: AgentTask, model: ModelDefinition, output: Record<string, unknown>): Promise<OutputCandidate> {
  const screening = await safety.screenOutput(output, agent.safetyPolicy);
  // The failover already checked the model's answer against the schema; only a redacted copy needs checking again.
  const schemaValid = screening.value === output || agent.outputValidator.safeParse(screening.value).success;
  const quality = safety.assessQuality({ output: screening.value, prompt: task.prompt, schemaValid }, agent.safetyPolicy);
  return { model, screening, quality };
}
