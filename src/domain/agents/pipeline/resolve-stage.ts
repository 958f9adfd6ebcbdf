import { performance } from 'node:perf_hooks';
import type { Clock } from '../../../ports/clock.ts';
import { AppError } from '../../errors.ts';
import { createId } from '../../ids.ts';
import type { SafetyPipeline } from '../../safety/safety-pipeline.ts';
import { isFreeAgent, type Agent, type ApiSurface } from '../agent.ts';
import type { AgentCatalog } from '../agent-catalog.ts';
import { resolveAgentTask, type AgentRunBody, type AgentTask } from '../agent-task.ts';
import { agentGone } from '../retired-agent.ts';
import { agentNotFound } from '../agent-not-found.ts';
import type { RunAgentCommand } from './run-command.ts';
import type { ResolvedRun } from './run-in-progress.ts';
import { unscannedPaths } from './unscanned-paths.ts';

export type AgentLookup = Pick<AgentCatalog, 'find' | 'ids' | 'retirement'>;

/**
 * The agent a command names; 410 `gone` with the reason and what to use instead for an id that is retired
 * (on every surface); else 404 `agent_not_found` with every valid id for the surface and the closest ones.
 */
export function findAgent(catalog: AgentLookup, agentId: string, surface: ApiSurface): Agent {
  const agent = catalog.find(agentId, surface);
  if (!agent) {
    const retired = catalog.retirement(agentId);
    if (retired) throw agentGone(retired);
    throw agentNotFound(catalog, agentId, surface);
  }
  return agent;
}

/** Agents anonymous callers may run, or 403 `agent_not_free` with the ones they may. */
export function findFreeAgent(catalog: AgentLookup, agentId: string): Agent {
  const agent = findAgent(catalog, agentId, 'api');
  if (!isFreeAgent(agent)) {
    throw new AppError('agent_not_free', `Agent "${agent.id}" is not available without an API key`, { available: catalog.ids('free') });
  }
  return agent;
}

/**
 * The task a request asks of an agent. Invalid requests are refused (400) before anything is screened or
 * recorded, as is text longer than the safety layers read (413), before the quota is touched.
 */
export function acceptTask(safety: Pick<SafetyPipeline, 'checkInputSize'>, agent: Agent, body: AgentRunBody): AgentTask {
  const task = resolveAgentTask(agent, body);
  safety.checkInputSize(body, unscannedPaths(agent));
  return task;
}

/**
 * Stage 1, resolve: the agent the command names (anonymous callers only to free agents), with the safety
 * policy the run is screened under, and its task, refused before anything is counted; then the run's id
 * and clock.
 */
export function resolveRun(dependencies: { catalog: AgentLookup; safety: Pick<SafetyPipeline, 'checkInputSize' | 'policyFor'>; clock: Clock }, command: RunAgentCommand): ResolvedRun {
  const startedAt = performance.now();
  const { catalog, clock, safety } = dependencies;
  const found = command.builtInAgent ?? (command.surface === 'free' ? findFreeAgent(catalog, command.agentId) : findAgent(catalog, command.agentId, command.surface));
  // Every stage screens under the run's policy: the agent's, with its plan's and the service's layer modes.
  const agent: Agent = { ...found, safetyPolicy: safety.policyFor(found, command.planSafety) };
  const task = acceptTask(safety, agent, command.body);
  return { command, agent, task, runId: createId('run', clock.now()), createdAt: clock.now().toISOString(), startedAt, reports: [], progress: 'none', calls: [], recorded: false };
}
