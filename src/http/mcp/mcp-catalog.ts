import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Agent } from '../../domain/agents/agent.ts';
import type { Playbook } from '../../domain/playbooks/playbook-catalog.ts';
import type { Account } from '../../ports/account-repository.ts';
import type { HttpServices } from '../http-services.ts';
import { presentAgentSummary } from '../presenters/agent-presenter.ts';
import { presentPlaybook } from '../presenters/playbook-presenter.ts';
import { agentTool, playbookFitsPlan, playbookTool, playbookToolPrefix } from './mcp-tools.ts';

/**
 * What the account's /api plan can run: every agent of the /api surface (plans differ in their daily limit
 * and routing, not in the agents they may run; agents that act on the world take `confirmed`), and the
 * playbooks whose steps fit in the plan's daily limit.
 */
export function runnableBy(services: HttpServices, account: Account): { agents: Agent[]; playbooks: Playbook[] } {
  const { plan } = services.runContexts.forAccount(account, 'api');
  return { agents: services.catalog.list('api'), playbooks: services.playbooks.list().filter((playbook) => playbookFitsPlan(playbook, plan)) };
}

/** The tools of `tools/list`: agents by id, playbooks as `playbook_<id>`. */
export function toolsFor(services: HttpServices, account: Account): Tool[] {
  const { agents, playbooks } = runnableBy(services, account);
  return [...agents.map(agentTool), ...playbooks.map((playbook) => playbookTool(playbook, services.playbookRuns.needsConfirmation(playbook)))];
}

/** The catalog resource: the same agents and playbooks, as `GET /api/agents` and `GET /api/playbooks` describe them, with their tool names. */
export function catalogFor(services: HttpServices, account: Account): Record<string, unknown> {
  const { agents, playbooks } = runnableBy(services, account);
  return {
    agents: agents.map((agent) => ({ tool: agent.id, ...presentAgentSummary(agent) })),
    playbooks: playbooks.map((playbook) => ({ tool: `${playbookToolPrefix}${playbook.id}`, needsConfirmation: services.playbookRuns.needsConfirmation(playbook), ...presentPlaybook(playbook) })),
  };
}
