import { anonymousAccountId } from '../../accounts/account-id.ts';
import { furthest } from '../../quotas/usage-meter.ts';
import type { SafetyPipeline } from '../../safety/safety-pipeline.ts';
import type { AgentTool, ToolContext, ToolPreparation } from '../../tools/agent-tool.ts';
import { toolTextBlocked } from '../safety-refusals.ts';
import type { ToolData } from '../tool-data-prompt.ts';
import { RunEnded } from './run-ending.ts';
import type { RunInProgress } from './run-in-progress.ts';

/** The agent's tools at work on one run: what each prepared, and the context they all get. */
export interface ToolWork {
  tools: readonly AgentTool[];
  /** Each tool's preparation, by the tools' order. */
  preparations: readonly ToolPreparation[];
  context: ToolContext;
  /** What the tools brought in from outside, screened: shown to the model in data blocks. */
  gathered: ToolData[];
}

export type ToolDataDependencies = { tools: ReadonlyMap<string, AgentTool>; safety: Pick<SafetyPipeline, 'screenToolText'> };

/**
 * Stage 5, gather: the agent's tools fetch facts before any model call; an AppError here refuses the request
 * before anything runs or is recorded. What they brought in from outside is untrusted data, screened as
 * input (see screenToolData), and so is what the caller's own tools returned (`command.suppliedData`). A
 * tool that reached out marks the run as having gone outbound.
 */
export async function gatherToolData(dependencies: ToolDataDependencies, run: RunInProgress): Promise<ToolWork> {
  const { command, agent, task } = run;
  const tools = agent.tools.map((name) => toolNamed(dependencies.tools, name));
  const context: ToolContext = {
    agentId: agent.id,
    accountId: command.accountId ?? anonymousAccountId(command.anonymousOwner),
    surface: command.surface === 'v1' ? 'v1' : 'api',
    prompt: task.userPrompt,
    fields: task.fields,
    onOutbound: () => {
      run.progress = furthest(run.progress, 'outbound');
    },
  };
  const preparations: ToolPreparation[] = [];
  for (const tool of tools) preparations.push(tool.prepare ? await tool.prepare(context) : {});
  const fetched = tools.flatMap((tool, index) => {
    const text = preparations[index]?.context;
    return text ? [{ source: tool.name, description: tool.description, text }] : [];
  });
  // What the caller's own tools returned is as untrusted as what the agent's fetched.
  fetched.push(...(command.suppliedData ?? []));
  const gathered = fetched.length > 0 ? await screenToolData(dependencies, run, fetched) : fetched;
  return { tools, preparations, context, gathered };
}

/**
 * The text tools gathered, through the jailbreak and PII layers (stage `tool`): passages carrying
 * instructions removed (or the run ended as blocked, per the agent's policy), PII redacted per the policy.
 * Their reports follow the input layers' in the run's.
 */
export async function screenToolData(dependencies: { safety: Pick<SafetyPipeline, 'screenToolText'> }, run: RunInProgress, gathered: readonly ToolData[]): Promise<ToolData[]> {
  const screening = await dependencies.safety.screenToolText(gathered, run.agent.safetyPolicy);
  run.reports.push(...screening.reports);
  if (screening.blocked) throw new RunEnded(toolTextBlocked(screening.blocked, run.reports, run.runId), { status: 'blocked', errorCode: 'safety_blocked' });
  return gathered.map((entry, index) => ({ ...entry, text: screening.texts[index] ?? '' }));
}

function toolNamed(tools: ReadonlyMap<string, AgentTool>, name: string): AgentTool {
  const tool = tools.get(name);
  // The catalog refuses agents that name unknown tools, so this is a wiring mistake, not a request error.
  if (!tool) throw new Error(`Tool "${name}" is in the catalog but was not provided to the runner`);
  return tool;
}
