import type { MeterReservation, RunProgress } from '../../quotas/usage-meter.ts';
import type { BilledCall } from '../../routing/failover.ts';
import type { LayerReport } from '../../safety/safety-layer.ts';
import type { Agent } from '../agent.ts';
import type { AgentTask } from '../agent-task.ts';
import type { RunAgentCommand } from './run-command.ts';

/**
 * One run's state as it goes through the stages: what it was asked, how far it got and what it has to
 * account for when it is recorded, whichever stage ends it.
 */
export interface RunInProgress {
  command: RunAgentCommand;
  agent: Agent;
  /** What the agent is asked to do: from the request, then from its screened copy when a layer redacted it. */
  task: AgentTask;
  runId: string;
  createdAt: string;
  startedAt: number;
  /** What the input layers reported, then the layers that screened what tools fetched. */
  reports: LayerReport[];
  /** How far the run got: whether a failure still spent its unit. */
  progress: RunProgress;
  /** Every model call that answered so far, billed whatever became of its output. */
  calls: BilledCall[];
  /** The units reserved for the run (see admit); settled by its record when the meter settles that way. */
  reservation: MeterReservation;
  /** Whether the run's record is stored. */
  recorded: boolean;
}

/** A run resolved but not yet admitted: nothing is reserved for it yet. */
export type ResolvedRun = Omit<RunInProgress, 'reservation'>;
