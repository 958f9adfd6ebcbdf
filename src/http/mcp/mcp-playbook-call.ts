import type { CallToolResult, ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import { invalidRequest } from '../../domain/errors.ts';
import { finalEventTypes } from '../../domain/playbooks/playbook-run-events.ts';
import type { PlaybookEventRecord } from '../../ports/playbook-run-repository.ts';
import type { RunView } from '../../domain/runs/run-view.ts';
import type { HttpServices } from '../http-services.ts';
import type { McpCaller } from './mcp-caller.ts';
import { toolSuccess } from './mcp-tool-results.ts';

/** What a playbook tool call needs from the SDK's handler context. */
export interface PlaybookCallContext {
  /** Aborted when the call ends, whatever ended it: following the run stops. */
  signal: AbortSignal;
  /** Aborted when the caller canceled the call: the run is canceled. */
  canceled: AbortSignal;
  /** The caller's progress token, when it asked for progress. */
  progressToken: string | number | undefined;
  sendNotification: (notification: ServerNotification) => Promise<void>;
}

/**
 * Starts a playbook run for a tool call as `POST /api/playbooks/run` would (inputs, confirmation, one unit
 * per step), follows it through its events, reports each step as MCP progress, and answers with the run
 * once it ended. A canceled call cancels the run through the playbook service.
 */
export async function callPlaybookTool(services: HttpServices, caller: McpCaller, playbookId: string, args: Record<string, unknown>, call: PlaybookCallContext): Promise<CallToolResult> {
  const { confirmed, ...inputs } = args;
  if (confirmed !== undefined && typeof confirmed !== 'boolean') throw invalidRequest([{ path: 'confirmed', message: 'Expected true or false' }]);
  const accountId = caller.account.id;
  const started = await services.playbookRuns.start({ account: caller.account, playbookId, inputs, confirmed: confirmed === true, requestId: caller.requestId });
  let cancellation: Promise<unknown> | undefined;
  const cancel = () => {
    cancellation ??= services.playbookRuns.cancel(accountId, started.id).catch(() => undefined);
  };
  call.canceled.addEventListener('abort', cancel, { once: true });
  // Canceled while the run was being started: the listener came too late to hear it.
  if (call.canceled.aborted) cancel();
  try {
    const slot = services.playbookFollower.admit(started.id, accountId);
    try {
      const progress = progressReporter(started.steps.length, call);
      for await (const event of services.playbookFollower.follow(started.id, 0, call.signal)) {
        await progress(event);
        if (finalEventTypes.has(event.type)) break;
      }
    } finally {
      slot.release();
    }
  } catch (error) {
    // The run goes on unwatched otherwise: a call that cannot follow it does not leave it behind.
    cancel();
    await cancellation;
    throw error;
  } finally {
    call.canceled.removeEventListener('abort', cancel);
  }
  if (call.canceled.aborted) await cancellation;
  const { view } = await services.runs.find(accountId, started.id);
  return toolSuccess(playbookOutcome(view), view.id, { isError: view.status !== 'done' });
}

/**
 * Each step event as a progress notification: `progress` counts step starts and ends (two per step, so it
 * only ever grows), `total` is twice the step count, and the message says what happened.
 */
function progressReporter(stepCount: number, call: PlaybookCallContext): (event: PlaybookEventRecord) => Promise<void> {
  let last = 0;
  return async (event) => {
    const { progressToken } = call;
    if (progressToken === undefined) return;
    const data = event.data as { stepIndex?: number; agentName?: string };
    const step = typeof data.stepIndex === 'number' ? data.stepIndex : undefined;
    const reached = step === undefined ? (finalEventTypes.has(event.type) ? stepCount * 2 : last) : event.type === 'step.started' ? step * 2 + 1 : step * 2 + 2;
    if (reached <= last) return;
    last = reached;
    const message = step === undefined ? event.type : `Step ${step + 1} of ${stepCount} (${data.agentName ?? 'agent'}): ${event.type.slice('step.'.length)}`;
    await call.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: reached, total: stepCount * 2, message } });
  };
}

/** The run as the tool answers it: its status, each step's result or error, and the last result it reached. */
function playbookOutcome(view: RunView): Record<string, unknown> {
  const steps = view.steps.map((step) => ({ stepIndex: step.stepIndex, agentName: step.agentName, status: step.status, result: step.result, error: step.error }));
  const result = [...view.steps].reverse().find((step) => step.status === 'done')?.result ?? null;
  return { runId: view.id, status: view.status, result, steps, ...(view.error ? { error: view.error } : {}) };
}
