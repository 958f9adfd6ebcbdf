import { runEventsUrl, runStatusUrl } from '../../domain/runs/agent-run-view.ts';
import type { PlaybookRunRecord } from '../../ports/playbook-run-repository.ts';
import { playbookRunUrls } from './playbook-run-presenter.ts';

/**
 * The 202 of a run accepted to go on in the background, whatever started it: its id, status and where to
 * follow it, at top level and in `data` (a playbook run also under its older path, `pollUrl`).
 */
export function presentStartedRun(run: PlaybookRunRecord) {
  const started = { runId: run.id, status: run.status, statusUrl: runStatusUrl(run.id), eventsUrl: runEventsUrl(run.id) };
  return { success: true as const, ...started, data: { ...started, type: run.kind, ...(run.kind === 'playbook' ? { pollUrl: playbookRunUrls(run.id).pollUrl } : {}) } };
}
