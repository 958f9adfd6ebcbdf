import { runStatusUrl } from '../../domain/runs/agent-run-view.ts';
import type { FoundRun } from '../../domain/runs/run-lookup.ts';
import type { PlaybookRunRecord } from '../../ports/playbook-run-repository.ts';
import { presentPlaybookRun } from './playbook-run-presenter.ts';

/** Any run as `GET /api/runs/{id}` shows it: an agent run's view, or a playbook run with its steps. */
export function presentRun(found: FoundRun, now: Date) {
  if (found.type === 'agent') return found.run;
  return { type: 'playbook' as const, ...presentPlaybookRun(found.run, now), statusUrl: runStatusUrl(found.run.id) };
}

/** The 202 of a trigger: the run's id and where to follow it, at top level and in `data`. */
export function presentTriggeredRun(run: PlaybookRunRecord) {
  const started = { runId: run.id, status: run.status, statusUrl: runStatusUrl(run.id) };
  return { success: true as const, ...started, data: { ...started, type: run.kind } };
}
