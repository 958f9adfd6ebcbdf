import { randomUUID } from 'node:crypto';
import type { AgentRunBody } from '../../domain/agents/agent-task.ts';
import { agentRunCommand } from '../../domain/runs/agent-run-command.ts';
import type { CliIo } from '../cli-io.ts';
import { UsageError } from '../cli-io.ts';
import type { CliServices } from '../cli-services.ts';
import { parseCommandArguments, requiredOption } from '../command-arguments.ts';

export const runUsage = `Usage:
  agentapi run <agent> --user <id> [--prompt <text>] [--<field> <value> ...] [--model <id>] [--policy <policy>] [--yes] [--stream] [--json]`;

/**
 * `agentapi run`: runs one agent in this process through the service's runner, as the account `--user`
 * (counted on its /api plan, screened and recorded like `POST /api/agents/{agent}`). `--yes` confirms an
 * agent that acts on the world; `--stream` writes the model's text as it arrives.
 */
export async function runAgentCommand(args: string[], services: CliServices, io: CliIo): Promise<number> {
  const parsed = parseCommandArguments(args, { flags: ['yes', 'stream', 'json'], strings: ['user', 'prompt', 'model', 'policy'] });
  const [agentId, ...extra] = parsed.positionals;
  if (!agentId || extra.length > 0) throw new UsageError('run takes exactly one agent id');
  const account = await services.accounts.findAccount(requiredOption(parsed, 'user', '<id>'));
  // The policy is checked by the runner like any request's; the command line passes it on as written.
  const body: AgentRunBody = { ...parsed.fields };
  for (const name of ['prompt', 'model', 'policy'] as const) {
    const value = parsed.options[name];
    if (typeof value === 'string') (body as Record<string, unknown>)[name] = value;
  }
  if (parsed.options.yes) body.confirmed = true;
  // With --json, standard output holds one JSON document: the text is not streamed there as well.
  const streaming = parsed.options.stream === true && parsed.options.json !== true;
  const command = agentRunCommand(services.runContexts.forAccount(account, 'api'), { agentId, body, requestId: `cli-${randomUUID()}` });
  const result = await services.runner.run(streaming ? { ...command, onDelta: (delta) => io.write(delta.text) } : command);
  if (streaming) io.write('\n');
  const meta = { runId: result.runId, agent: agentId, model: result.model.id, provider: result.model.provider, usage: result.usage, responseTimeMs: result.responseTimeMs };
  if (parsed.options.json) {
    io.out(JSON.stringify({ data: result.data, meta }));
    return 0;
  }
  if (!streaming) io.out(JSON.stringify(result.data, null, 2));
  io.error(`${result.runId}: ${agentId} answered by ${meta.model} in ${Math.round(result.responseTimeMs)} ms, ${result.usage.inputTokens}+${result.usage.outputTokens} tokens, $${result.usage.costUsd.toFixed(4)}.`);
  return 0;
}
